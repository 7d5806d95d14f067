// The outbox relay (docs/decisions/0056-one-outbox-relay.md): every message the server sends
// leaves through one relay that reads these columns.
// - channel: how a row is delivered ('mail'); null for a row that only the back office reads
//   (a personal address change, an account erasure) and for rows written before this migration.
// - message: what the channel delivers (for a mail: recipient, subject, text, reply-to, and
//   attachments named by their storage key, never their bytes).
// - attempts, next_attempt_at, last_error: claims and retries with exponential back-off;
//   failed_at: the row gave up after the configured number of attempts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('channel', 'text')
    .addColumn('message', 'jsonb')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('outbox_due_idx')
    .on('outbox')
    .column('next_attempt_at')
    .where(sql.ref('channel'), 'is not', null)
    .where(sql.ref('sent_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_due_idx').execute();
  await db.schema
    .alterTable('outbox')
    .dropColumn('channel')
    .dropColumn('message')
    .dropColumn('attempts')
    .dropColumn('next_attempt_at')
    .dropColumn('last_error')
    .dropColumn('failed_at')
    .execute();
}
