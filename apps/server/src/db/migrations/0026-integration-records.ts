// The integration API (docs/integration.md, docs/decisions/0071-integration-records.md).
// - integration_records: one row per record the broker's systems wrote (customer, contract,
//   owed document, document), keyed by the broker's own identifier: the record's version (its
//   ETag, for If-Match) and the SHA-256 of the last record applied, so the same record sent
//   again changes nothing and keeps its version.
// - policy_documents.external_id / downloadable_documents.external_id: the broker's id of an
//   owed document or a document to download, unique on its contract; due_on, the deadline the
//   broker gives; a document's title and SHA-256.
// - integration_clients: the machine clients of the embedded provider (client credentials);
//   only the SHA-256 of their secret is kept (docs/decisions/0072-integration-client-secrets.md).
// Customers and contracts keep their keys: accounts.customer_id, policies.policy_number.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integration_records')
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('customer', 'contract', 'owed-document', 'document')`),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('integration_records_pk', ['kind', 'key'])
    .execute();

  await db.schema
    .alterTable('policy_documents')
    .addColumn('external_id', 'text')
    .addColumn('due_on', 'date')
    .execute();
  await db.schema
    .createIndex('policy_documents_external_idx')
    .on('policy_documents')
    .columns(['policy_number', 'external_id'])
    .unique()
    .execute();
  await db.schema
    .alterTable('downloadable_documents')
    .addColumn('external_id', 'text')
    .addColumn('title', 'text')
    .addColumn('sha256', 'text')
    .execute();
  await db.schema
    .createIndex('downloadable_documents_external_idx')
    .on('downloadable_documents')
    .columns(['policy_number', 'external_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('integration_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_sha256', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('integration_clients').ifExists().execute();
  await db.schema.dropIndex('downloadable_documents_external_idx').ifExists().execute();
  await db.schema
    .alterTable('downloadable_documents')
    .dropColumn('external_id')
    .dropColumn('title')
    .dropColumn('sha256')
    .execute();
  await db.schema.dropIndex('policy_documents_external_idx').ifExists().execute();
  await db.schema
    .alterTable('policy_documents')
    .dropColumn('external_id')
    .dropColumn('due_on')
    .execute();
  await db.schema.dropTable('integration_records').ifExists().execute();
}
