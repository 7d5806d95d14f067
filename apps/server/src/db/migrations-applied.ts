// The restart's fast path: whether every migration of this build is already applied,
// read in one query, so that a restart skips kysely's migrator (its lock table, its checks: about
// half a second on PGlite). Anything else (a new database, a migration not yet applied) runs
// `migrate` as before, under the start-up lock; so does a migration in the table that this build
// does not know (a newer build ran), which the migrator refuses as before.
import { sql } from 'kysely';
import type { Db } from './client';
import { migrations } from './migrations/index';

export async function allMigrationsApplied(db: Db): Promise<boolean> {
  const table = await sql<{ present: boolean }>`
    select to_regclass('schema_migrations') is not null as present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  const known = Object.keys(migrations);
  return applied.size === known.length && known.every((name) => applied.has(name));
}
