// Drafts of the customer's messages (docs/product/messages.md « Brouillons »,
// docs/decisions/0120-message-drafts-on-the-server.md). Enforces: a draft is the caller's account's
// only (every query names it); an empty text forgets the draft; a draft about a conversation of
// another account or of a request not theirs is never read back (the slot is only a key of the
// caller's own rows); sending the message forgets the draft of its place, in the message's
// transaction (clearDraft).
import type { MessageDraft } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';

export async function readDraft(db: Db, accountId: string, slot: string): Promise<MessageDraft> {
  const row = await db
    .selectFrom('message_drafts')
    .select(['body', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('slot', '=', slot)
    .executeTakeFirst();
  return row
    ? { text: row.body, updatedAt: new Date(row.updated_at).toISOString() }
    : { text: '', updatedAt: null };
}

export async function saveDraft(
  db: Db,
  accountId: string,
  slot: string,
  text: string,
): Promise<MessageDraft> {
  if (text.trim() === '') {
    await clearDraft(db, accountId, slot);
    return { text: '', updatedAt: null };
  }
  const row = await db
    .insertInto('message_drafts')
    .values({ account_id: accountId, slot, body: text })
    .onConflict((oc) =>
      oc.columns(['account_id', 'slot']).doUpdateSet({ body: text, updated_at: sql`now()` }),
    )
    .returning(['body', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { text: row.body, updatedAt: new Date(row.updated_at).toISOString() };
}

export async function clearDraft(db: Db, accountId: string, ...slots: string[]): Promise<void> {
  if (!slots.length) return;
  await db
    .deleteFrom('message_drafts')
    .where('account_id', '=', accountId)
    .where('slot', 'in', slots)
    .execute();
}
