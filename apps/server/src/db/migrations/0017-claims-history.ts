// What the relevé d'informations (Code des assurances A121-1) states beyond the policy card
//: the claims history of a policy (date, nature, share of the driver's
// responsibility in percent: 0, 50 or 100 as the IRSA convention splits it), the date each
// driver obtained their licence, and, for a terminated policy, the date and reason of its end.
// The bonus/malus coefficient of a policy is its principal driver's `drivers.crm`.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('occurred_on', 'date', (c) => c.notNull())
    .addColumn('nature', 'text', (c) => c.notNull())
    .addColumn('responsibility', 'smallint', (c) =>
      c.notNull().check(sql`responsibility in (0, 50, 100)`),
    )
    .execute();
  await db.schema
    .createIndex('claims_policy_idx')
    .on('claims')
    .columns(['policy_number', 'occurred_on'])
    .execute();
  await db.schema.alterTable('drivers').addColumn('licence_date', 'date').execute();
  await db.schema
    .alterTable('policies')
    .addColumn('end_date', 'date')
    .addColumn('end_reason', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('policies').dropColumn('end_date').dropColumn('end_reason').execute();
  await db.schema.alterTable('drivers').dropColumn('licence_date').execute();
  await db.schema.dropTable('claims').ifExists().execute();
}
