// Staff passwords of their own (docs/console.md « Mot de passe »,
// docs/decisions/0086-staff-temporary-passwords.md):
// - staff_accounts.must_change_password: the password is a temporary one, read by whoever
//   created the account (the CLI's operator, a supervisor); the sign-in then asks for a new one
//   after the second factor, before any console session.
// (When a staff member changed their password is in the journal: `staff.password_changed`.)
// Accounts that exist already were all given a generated temporary password (no staff member
// could change theirs before this migration), except the demo's, seeded with the documented demo
// password (created_by 'demo'): every other one is marked.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('staff_accounts')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update staff_accounts set must_change_password = true
    where created_by is distinct from 'demo'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_accounts').dropColumn('must_change_password').execute();
}
