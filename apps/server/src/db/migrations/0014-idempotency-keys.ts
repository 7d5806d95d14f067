// Idempotency keys of the write routes: the answer given to a write sent with an
// `Idempotency-Key` header, per account, method, path and key, so that a repeat (double click,
// reload, retry after a lost answer) gets the same answer instead of a second record. `status`
// is null while the first request is being handled; 5xx answers are not kept (a retry may
// succeed). Rows older than the retention (contract IDEMPOTENCY_RETENTION_HOURS, 24 h) are purged.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['account_id', 'method', 'path', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
