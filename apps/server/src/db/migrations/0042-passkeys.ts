// Passkeys (WebAuthn) of customers (docs/decisions/0116-passkeys-through-the-embedded-provider.md):
// one row per credential a customer added in 'Mon compte' › « Sécurité », its public key, its
// signature counter, the transports the browser gave, its name (the device it was added on) and
// its last use; and the challenges of the ceremonies in progress, in the database so that any
// instance finishes what another began, each used once and within 5 minutes.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'jsonb', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_account_idx').on('passkeys').column('account_id').execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
