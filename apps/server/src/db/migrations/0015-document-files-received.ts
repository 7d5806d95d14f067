// 'exactly N files' documents: a document to provide becomes 'received' ('En cours de
// vérification') only once its required number of files has arrived (contract
// requiredFileCount). `files_received` counts the files received for the document's current
// request; the broker's back office sets it back to 0 when it asks for the document again (a
// rejection). Documents already 'received' count as complete.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('policy_documents')
    .addColumn('files_received', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`files_received >= 0`),
    )
    .execute();
  await sql`update policy_documents set files_received = coalesce(exact_file_number, 1)
    where status = 'received'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('policy_documents').dropColumn('files_received').execute();
}
