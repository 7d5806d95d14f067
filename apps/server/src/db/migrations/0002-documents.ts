// Files the customer sends for a policy's documents to provide (docs/product/documents.md 'Documents à fournir',
// document upload). One row per stored file: the broker's back office reads this table.
// The bytes live in the document storage under `storage_key` (docs/decisions/0018-documents-streamed-and-sniffed.md); the
// customer's file name is kept only as sanitised metadata.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('received_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    // The document to provide it answers; null for an extra document ('autre', docs/product/documents.md).
    .addColumn('policy_document_id', 'integer', (c) =>
      c.references('policy_documents.id').onDelete('set null'),
    )
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('received_files_policy_idx')
    .on('received_files')
    .column('policy_number')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('received_files').ifExists().execute();
}
