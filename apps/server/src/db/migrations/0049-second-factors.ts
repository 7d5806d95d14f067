// Second factors beyond the staff's TOTP (docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md):
// - customer_second_factors: a customer's optional TOTP for password sign-ins, the columns of
//   the staff's (migration 0030) on a row of its own, keyed by the account's id: the secret
//   pending until a code confirms it, then enrolled, sealed under SECRETS_KEY like the staff's
//   (migration 0036: the database refuses one in clear), and the last step accepted;
// - customer_recovery_codes: the SHA-256 of each single-use recovery code, as staff_recovery_codes;
// - passkeys may belong to a staff member (`staff_id`, their second factor) instead of a
//   customer: exactly one of the two owners is set.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_second_factors')
    .addColumn('id', 'text', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('totp_secret', 'text', (c) =>
      c.check(sql`totp_secret is null or totp_secret like 'enc:v1:%'`),
    )
    .addColumn('totp_pending_secret', 'text', (c) =>
      c.check(sql`totp_pending_secret is null or totp_pending_secret like 'enc:v1:%'`),
    )
    .addColumn('totp_enrolled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('customer_recovery_codes')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('customer_recovery_codes_pk', ['account_id', 'code_hash'])
    .execute();
  await db.schema
    .alterTable('passkeys')
    .alterColumn('account_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('passkeys')
    .addColumn('staff_id', 'text', (c) => c.references('staff_accounts.id'))
    .execute();
  await sql`alter table passkeys add constraint passkeys_one_owner
              check ((account_id is null) <> (staff_id is null))`.execute(db);
  await db.schema.createIndex('passkeys_staff_idx').on('passkeys').column('staff_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from passkeys where staff_id is not null`.execute(db);
  await db.schema.dropIndex('passkeys_staff_idx').execute();
  await sql`alter table passkeys drop constraint passkeys_one_owner`.execute(db);
  await db.schema.alterTable('passkeys').dropColumn('staff_id').execute();
  await db.schema
    .alterTable('passkeys')
    .alterColumn('account_id', (c) => c.setNotNull())
    .execute();
  await db.schema.dropTable('customer_recovery_codes').execute();
  await db.schema.dropTable('customer_second_factors').execute();
}
