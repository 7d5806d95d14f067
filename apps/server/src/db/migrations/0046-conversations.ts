// Secure messages between a customer and the broker (docs/product/messages.md,
// docs/decisions/0119-conversations-and-their-attachments.md):
// - conversations: one per subject the customer opened, free (a `topic` from the contract's short
//   list) or attached to one of their requests (`request_id`, the id of the view
//   customer_requests, claims included); `assigned_to` is the agent who handles it (console);
// - conversation_messages: what each side wrote, in order; `read_at` is when the other side first
//   read it (the customer's read receipts; the broker's unread count);
// - message_files: an attachment of a message, stored as the documents are (storage key, sniffed
//   type, size, digest).
// Everything goes with the account (on delete cascade); the stored files through their keys.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('topic', 'text')
    .addColumn('request_id', 'text')
    // The request's reference and kind as the customer read them (both never change): the list
    // names the request without reading the view of requests.
    .addColumn('request_reference', 'text')
    .addColumn('request_kind', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('assigned_to', 'text', (c) => c.references('staff_accounts.id').onDelete('set null'))
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint('conversations_one_subject', sql`(topic is null) <> (request_id is null)`)
    .execute();
  await db.schema
    .createIndex('conversations_account_idx')
    .on('conversations')
    .columns(['account_id', 'last_message_at'])
    .execute();
  await db.schema
    .createIndex('conversations_last_message_idx')
    .on('conversations')
    .column('last_message_at')
    .execute();

  await db.schema
    .createTable('conversation_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('customer', 'broker')`))
    .addColumn('author_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('conversation_messages_conversation_idx')
    .on('conversation_messages')
    .columns(['conversation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) =>
      c.notNull().references('conversation_messages.id').onDelete('cascade'),
    )
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('message_files_message_idx')
    .on('message_files')
    .column('message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_files').execute();
  await db.schema.dropTable('conversation_messages').execute();
  await db.schema.dropTable('conversations').execute();
}
