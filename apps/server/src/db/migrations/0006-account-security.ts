// The customer's control of their own account (docs/product/account.md /account/password,
// /account/communication, /account/accountDelete; docs/decisions/0001-embedded-identity-provider.md and deviations).
// - credentials: the sign-in identity (email and scrypt hash) moves out of `accounts`, so that
//   deleting the online account erases the login while the account row, which the broker's
//   contracts reference, stays (docs/data-map.md). The login email is then free again.
// - accounts.tokens_valid_after / tokens_kept_sid: a per-account "not before" for access tokens,
//   checked by the authentication plugin; tokens_kept_sid exempts the one provider session that
//   changed the password (its tokens stay valid while every other session's are refused).
// - accounts.portal_deleted_at: when the customer deleted their online account.
// - consent_history: every change of the commercial-prospecting consent with its date, value and
//   source (proof of consent, GDPR art. 7(1)); accounts.commercial_consent keeps the current value.
// - password_reset_tokens: forgotten-password links; only a SHA-256 of the random token is kept.
// - oidc_payloads.account_id: whose session, grant or token a payload is, so that all of an
//   account's can be revoked in one statement (filled by the adapter, back-filled here).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credentials')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into credentials (account_id, email, password_hash, password_changed_at)
    select id, email, password_hash, created_at from accounts`.execute(db);
  await db.schema.alterTable('accounts').dropColumn('password_hash').execute();

  await db.schema
    .alterTable('accounts')
    .addColumn('tokens_valid_after', 'timestamptz')
    .addColumn('tokens_kept_sid', 'text')
    .addColumn('portal_deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('consent_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('consent', 'boolean', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('portal')`))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('consent_history_account_idx')
    .on('consent_history')
    .columns(['account_id', 'recorded_at'])
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_account_idx')
    .on('password_reset_tokens')
    .column('account_id')
    .execute();

  await db.schema.alterTable('oidc_payloads').addColumn('account_id', 'text').execute();
  await sql`update oidc_payloads set account_id = coalesce(
      payload->>'accountId',
      payload->'session'->>'accountId',
      payload->'result'->'login'->>'accountId')`.execute(db);
  await db.schema
    .createIndex('oidc_payloads_account_idx')
    .on('oidc_payloads')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_payloads').dropColumn('account_id').execute();
  await db.schema.dropTable('password_reset_tokens').ifExists().execute();
  await db.schema.dropTable('consent_history').ifExists().execute();
  await db.schema
    .alterTable('accounts')
    .dropColumn('tokens_valid_after')
    .dropColumn('tokens_kept_sid')
    .dropColumn('portal_deleted_at')
    .execute();
  // Accounts whose online access was deleted have no credentials: they get an unusable hash.
  await db.schema.alterTable('accounts').addColumn('password_hash', 'text').execute();
  await sql`update accounts a set password_hash = coalesce(
      (select c.password_hash from credentials c where c.account_id = a.id), 'deleted')`.execute(
    db,
  );
  await db.schema
    .alterTable('accounts')
    .alterColumn('password_hash', (c) => c.setNotNull())
    .execute();
  await db.schema.dropTable('credentials').ifExists().execute();
}
