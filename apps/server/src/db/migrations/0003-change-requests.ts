// Requests of the contract changes (docs/product/requests.md /addDriver, /removeDriver, /changeVehicle,
// /changePaymentDetails): the outbox the broker's back office reads (docs/architecture.md
// shape). A row is written in the same transaction as any change the portal applies itself.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('change_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('add_driver', 'remove_driver', 'change_vehicle', 'change_payment_details')`,
        ),
    )
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('received'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The back office reads the newest requests of a status first; the portal reads per policy.
  await db.schema
    .createIndex('change_requests_status_idx')
    .on('change_requests')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('change_requests_policy_idx')
    .on('change_requests')
    .column('policy_number')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('change_requests').ifExists().execute();
}
