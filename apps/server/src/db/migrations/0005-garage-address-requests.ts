// Garage-address changes (docs/product/requests.md /changeAddress PUT …/address/{policyNumber}) are requests
// for the broker's back office like the other contract changes: one more type of
// `change_requests`. The check constraint of 0003 is replaced by one that lists it.
import { sql, type Kysely } from 'kysely';

const CONSTRAINT = 'change_requests_type_check';
const TYPES_0003 = ['add_driver', 'remove_driver', 'change_vehicle', 'change_payment_details'];

async function allowTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  await db.schema.alterTable('change_requests').dropConstraint(CONSTRAINT).execute();
  await db.schema
    .alterTable('change_requests')
    .addCheckConstraint(CONSTRAINT, sql`type in (${sql.join(types.map((t) => sql.lit(t)))})`)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await allowTypes(db, [...TYPES_0003, 'change_garage_address']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from change_requests where type = 'change_garage_address'`.execute(db);
  await allowTypes(db, TYPES_0003);
}
