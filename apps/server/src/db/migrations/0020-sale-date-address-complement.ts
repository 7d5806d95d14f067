// Two facts the customer now gives (docs/decisions/0043-termination-sale-date.md,
// docs/decisions/0044-address-truthfulness-and-complement.md):
// - the day the vehicle was sold, for a termination for sale (reason 2, L121-11), from which the
//   suspension and the end of the contract are counted; null for the other reasons and for the
//   requests received before;
// - the complement of an address (bâtiment, appartement…), optional, on the personal address and
//   on the garage addresses; null when the customer gave none.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('termination_requests').addColumn('sale_date', 'date').execute();
  await db.schema
    .alterTable('termination_requests')
    .addCheckConstraint(
      'termination_requests_sale_date_check',
      sql`sale_date is null or reason = 2`,
    )
    .execute();
  await db.schema.alterTable('account_addresses').addColumn('complement', 'text').execute();
  await db.schema.alterTable('garage_addresses').addColumn('complement', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('garage_addresses').dropColumn('complement').execute();
  await db.schema.alterTable('account_addresses').dropColumn('complement').execute();
  await db.schema
    .alterTable('termination_requests')
    .dropConstraint('termination_requests_sale_date_check')
    .execute();
  await db.schema.alterTable('termination_requests').dropColumn('sale_date').execute();
}
