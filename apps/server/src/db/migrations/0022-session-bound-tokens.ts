// Access tokens live as long as their provider session (docs/decisions/0051-tokens-bound-to-
// their-session.md): the per-account "not before" columns of 0006 are no longer read, and go.
// The sign-in throttle counts attempts in fixed windows (docs/decisions/0014-sign-in-throttle.md):
// its table is rebuilt as one counter per key and window (the old delays are not carried over;
// at worst an attacker starts a fresh window once, when this migration runs).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .dropColumn('tokens_valid_after')
    .dropColumn('tokens_kept_sid')
    .execute();
  await db.schema.dropTable('sign_in_throttle').execute();
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The rows an older version counted sign-in failures under (login-throttle.ts).
  await sql`delete from login_throttle where key like 'login:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_throttle').execute();
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('tokens_valid_after', 'timestamptz')
    .addColumn('tokens_kept_sid', 'text')
    .execute();
}
