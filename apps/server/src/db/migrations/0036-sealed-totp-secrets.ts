// The staff's TOTP secrets are sealed at rest like the webhooks' (migration 0035, docs/decisions/
// 0091-webhooks-public-addresses-and-secrets-at-rest.md): the server reads them back to check a
// code, so they are sealed under SECRETS_KEY rather than hashed. As in 0035, the start-up task
// that follows the migrations seals the secrets already there (platform/secrets/reseal.ts), and
// from here on the database refuses a TOTP secret written in clear (NOT VALID: the rows already
// there are sealed by that task, not checked here).
import { sql, type Kysely } from 'kysely';

const CHECKS = [
  ['staff_accounts_totp_secret_sealed', sql`totp_secret is null or totp_secret like 'enc:v1:%'`],
  [
    'staff_accounts_totp_pending_secret_sealed',
    sql`totp_pending_secret is null or totp_pending_secret like 'enc:v1:%'`,
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, check] of CHECKS)
    await sql`alter table staff_accounts add constraint ${sql.raw(name)} check (${check}) not valid`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of CHECKS)
    await sql`alter table staff_accounts drop constraint if exists ${sql.raw(name)}`.execute(db);
}
