// « Mes données » (docs/decisions/0121-data-export-through-the-outbox.md): one row per copy of
// their data a customer asked for, built in the background by the outbox relay (the row's
// `outbox_id`, channel 'export'), its progress, and once ready the archive's storage key (the
// intent-and-row rule of the storage: no stored file without its row), its validity and its one
// download. At most one export being prepared per account (a partial unique index, which holds
// across instances). And the trail: every request, readiness, download and refused download,
// only ever inserted, kept when the export row and its file are gone.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'ready', 'downloaded', 'expired')`),
    )
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outbox_id', 'bigint')
    .addColumn('storage_key', 'text')
    .addColumn('size', 'integer')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('downloaded_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('data_exports_account_idx')
    .on('data_exports')
    .columns(['account_id', 'requested_at'])
    .execute();
  await sql`create unique index data_exports_one_pending on data_exports (account_id)
    where status = 'pending'`.execute(db);
  await db.schema
    .createTable('data_export_trail')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('export_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('data_export_trail_account_idx')
    .on('data_export_trail')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_export_trail').execute();
  await db.schema.dropTable('data_exports').execute();
}
