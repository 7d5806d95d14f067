// The outbox (docs/decisions/0056-one-outbox-relay.md): one row per request for the broker's
// back office and per message the server sends, written in the transaction of the request
// itself, so neither is lost when a mail server, a process or a network fails. A row with a
// `channel` carries its `message` and is delivered by the one relay (relay.ts), which sets
// `sent_at`; a row without one (a personal address change, an account erasure) is read by the
// back office only. Callers wake the relay after their commit (`OutboxSender.wake`).
import type { Db } from '../../db/client';
import type { StoredMail } from '../mail/mail-channel';
import { currentTraceparent } from '../telemetry/trace-context';

export interface OutboxMessage {
  type: string;
  accountId: string | null;
  payload: Record<string, unknown>;
  /** A mail to send for this row; only when the server has a mail transport (`OutboxSender`). */
  mail?: StoredMail | undefined;
}

/** What a service needs of the relay: whether mail is sent at all, and a nudge after a commit. */
export interface OutboxSender {
  /** False without SMTP_URL: no mail row is written (demo mode logs instead). */
  readonly mail: boolean;
  /** Delivers what was just committed without waiting for the relay's interval. */
  wake(): void;
}

export async function enqueue(db: Db, message: OutboxMessage): Promise<string> {
  const row = await db
    .insertInto('outbox')
    .values({
      type: message.type,
      account_id: message.accountId,
      payload: JSON.stringify(message.payload),
      ...(message.mail ? { channel: 'mail', message: JSON.stringify(message.mail) } : {}),
      trace_context: currentTraceparent(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
