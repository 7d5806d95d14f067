// Each sign-in of a customer (docs/decisions/0115-sessions-and-new-device-mail.md): when, how
// (password, passkey), from which device (the user agent as sent, and its French label), whether
// that browser was new for the account, and the provider session it opened (`provider_sid`, set
// when the portal's session opens), whose last use is kept here. 'Mon compte' › « Sécurité »
// lists the open ones; « Mes données » gives them all back; deleting the account erases them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_ins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('password', 'passkey')`))
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('new_device', 'boolean', (c) => c.notNull())
    .addColumn('provider_sid', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sign_ins_account_idx')
    .on('sign_ins')
    .columns(['account_id', 'created_at'])
    .execute();
  await sql`create unique index sign_ins_provider_sid_idx on sign_ins (provider_sid)
    where provider_sid is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_ins').execute();
}
