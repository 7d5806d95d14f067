// Drafts of the customer's messages (docs/product/messages.md « Brouillons »,
// docs/decisions/0120-message-drafts-on-the-server.md): what the customer was typing when they
// left, kept on the server (personal data never goes to the browser's storage), one per account
// and place — a conversation's reply (its id), a new free conversation (`new`), a new message
// about a request (`request-{reference}`). Deleted with the account; forgotten when the message
// is sent or the text emptied.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_drafts')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('message_drafts_pkey', ['account_id', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_drafts').execute();
}
