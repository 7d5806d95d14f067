// Repeated sign-in failures for one email are throttled (ARCHITECTURE.md decision 9): after
// MAX_FAILURES within WINDOW_MS, further attempts are refused until the window ends. Kept in the
// database so that every instance sees the same count.
import type { Db } from '../db/client';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

export async function isLocked(db: Db, key: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('login_throttle')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  return (
    !!row &&
    row.failures >= MAX_FAILURES &&
    now.getTime() - row.window_started_at.getTime() < WINDOW_MS
  );
}

export async function recordFailure(db: Db, key: string, now = new Date()): Promise<void> {
  const row = await db
    .selectFrom('login_throttle')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || now.getTime() - row.window_started_at.getTime() >= WINDOW_MS) {
    await db
      .insertInto('login_throttle')
      .values({ key, failures: 1, window_started_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures: 1, window_started_at: now }))
      .execute();
    return;
  }
  await db
    .updateTable('login_throttle')
    .set({ failures: row.failures + 1 })
    .where('key', '=', key)
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
