// Start-up work that must happen once per database (migrations, demo seed, content load, provider
// keys) runs under a lock, so that N instances starting together on an empty database end with
// one seed, one key set and one copy of the content. On PostgreSQL it is a session
// advisory lock held on one pooled connection while the work runs on the others: the other
// instances wait on `pg_advisory_lock`, then find the work done. PGlite lives in one process, so
// there the lock is a queue per database in this process (several apps on one PGlite in tests).
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from './client';

/** The advisory lock key: a constant of the portal's own (kysely's migrator uses another). */
const STARTUP_LOCK_KEY = 4_202_613_013;

const inProcess = new WeakMap<Db, Promise<unknown>>();

export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>) {
  if (database.kind === 'pglite') {
    const previous = inProcess.get(database.db) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(work);
    inProcess.set(database.db, run);
    return run;
  }
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}
