// The outbox of requests for the broker's back office (docs/architecture.md): one row
// per request, written before any side effect, so a failed mail never loses the request.
// `sent_at` is set once a mail has left; rows with a null `sent_at` are still to be handled.
import type { Db } from '../../db/client';

export interface OutboxMessage {
  type: string;
  accountId: string;
  payload: Record<string, unknown>;
}

export async function enqueue(db: Db, message: OutboxMessage): Promise<string> {
  const row = await db
    .insertInto('outbox')
    .values({
      type: message.type,
      account_id: message.accountId,
      payload: JSON.stringify(message.payload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', id).execute();
}
