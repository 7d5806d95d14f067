// The sign-in throttle (services/sign-in-throttle.ts): one row per key (an email, a source
// address, an email from one address, a known device), with the failures counted and the time
// before which the next attempt under that key is refused. Claims lock these rows, so parallel
// attempts on every instance are counted one after the other.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_throttle').execute();
}
