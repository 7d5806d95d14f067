// The portal's own sessions (docs/decisions/0065-portal-session-cookie.md): the server signs the
// browser in as a confidential client of the embedded provider and gives it an HttpOnly cookie;
// a row holds what that cookie opens. Only the SHA-256 of the cookie's secret is stored, with
// the account and the provider session (`sid`) it came from: the row works only while that
// provider session exists, so whatever ends provider sessions (sign-out, password change, reset,
// deletion) ends it too, on every instance at once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('provider_sid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_sessions_account_idx')
    .on('portal_sessions')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('portal_sessions_expires_idx')
    .on('portal_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal_sessions').execute();
}
