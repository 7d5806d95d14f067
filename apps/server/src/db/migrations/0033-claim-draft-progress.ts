// Where a claim declaration was left, and what was typed there (docs/product/claims.md,
// docs/decisions/0079-claim-declaration-deadline-and-drafts.md, addendum):
// - step: the step the customer was last on ('kind' for the drafts opened before);
// - typed: per data step, the values typed and not yet confirmed with « Continuer »;
// - version: the version of the answers and typed values, sent back in If-Match;
// - writer_id, writer_seq: the tab that wrote them last and the number of that write, so that
//   a tab's own writes never refuse one another and arrive in order.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('claim_drafts')
    .addColumn('step', 'text', (c) => c.notNull().defaultTo('kind'))
    .addColumn('typed', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('writer_id', 'text')
    .addColumn('writer_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('claim_drafts')
    .dropColumn('step')
    .dropColumn('typed')
    .dropColumn('version')
    .dropColumn('writer_id')
    .dropColumn('writer_seq')
    .execute();
}
