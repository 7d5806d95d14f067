// The step-up (docs/decisions/0138-step-up-before-every-new-way-in.md): a fresh proof (the
// password, a code of the second factor or an existing passkey) kept per provider session, the
// portal's cookie, a public client's token and the console's cookie alike, for
// services/identity/step-up.ts to ask for before a new way in or out of an account; and, on each
// passkey, the provider session that added it, so that « fermer les autres sessions » can list
// what those sessions added.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_ups')
    .addColumn('provider_sid', 'text', (c) => c.primaryKey())
    .addColumn('stepped_up_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('passkeys').addColumn('added_from_sid', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('passkeys').dropColumn('added_from_sid').execute();
  await db.schema.dropTable('step_ups').execute();
}
