// Contract terminations requested online (docs/product/termination.md /contractTermination "Termination
// request"; Code des assurances L113-15-3): one row per request, with the supporting files the
// customer sent and the receipt the portal issued. The broker's back office reads these rows
// and sets `status` once it has processed the request. While a request is 'received', a second
// one for the same policy is answered with the first (the partial unique index makes that hold
// under concurrent requests too).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('termination_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('reason', 'smallint', (c) => c.notNull().check(sql`reason between 1 and 3`))
    // What the customer sent besides the files: names, email, phone, comment, plate.
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    // The indicative date of packages/contract terminationEffect, and the article it applies.
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('effect', 'text', (c) =>
      c.notNull().check(sql`effect in ('termination', 'suspension')`),
    )
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('receipt_document_id', 'text', (c) =>
      c.notNull().references('downloadable_documents.id'),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('received')
        .check(sql`status in ('received', 'processed', 'rejected')`),
    )
    .execute();
  await db.schema
    .createIndex('termination_requests_pending_idx')
    .on('termination_requests')
    .column('policy_number')
    .unique()
    .where(sql.ref('status'), '=', 'received')
    .execute();

  await db.schema
    .createTable('termination_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('termination_request_id', 'text', (c) =>
      c.notNull().references('termination_requests.id').onDelete('cascade'),
    )
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('termination_files_request_idx')
    .on('termination_files')
    .column('termination_request_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('termination_files').ifExists().execute();
  await db.schema.dropTable('termination_requests').ifExists().execute();
}
