// Documents checked by the broker (docs/console.md « Documents », docs/integration.md
// « Documents à fournir »): what the broker decided about a document the customer sent, beside
// its status (`validated` or `rejected`): the reason of a refusal, which the customer reads under
// « Documents à fournir », when it was checked and by whom (`staff:<id>` from the console, the
// integration client's id from the API). services/documents/document-check.ts writes them.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('policy_documents')
    .addColumn('status_reason', 'text')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('checked_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('policy_documents')
    .dropColumn('status_reason')
    .dropColumn('checked_at')
    .dropColumn('checked_by')
    .execute();
}
