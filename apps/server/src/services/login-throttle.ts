// Repeated sign-in failures for one email are throttled (ARCHITECTURE.md decision 9): after
// MAX_FAILURES within WINDOW_MS, further attempts are refused until the window ends. Kept in the
// database so that every instance sees the same count. The same table counts other attempts
// that must be limited per email or per address (forgotten-password requests), each under its
// own key prefix and limit, with `countAttempt`.
import { sql } from 'kysely';
import type { Db } from '../db/client';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

export const LOGIN_LIMIT: AttemptLimit = { max: MAX_FAILURES, windowMs: WINDOW_MS };

/** The key of the sign-in failures of an email; a wrong current password counts there too. */
export const loginThrottleKey = (email: string) => `login:${email.trim().toLowerCase()}`;

export async function isLocked(
  db: Db,
  key: string,
  now = new Date(),
  limit: AttemptLimit = LOGIN_LIMIT,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_throttle')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  return (
    !!row &&
    row.failures >= limit.max &&
    now.getTime() - row.window_started_at.getTime() < limit.windowMs
  );
}

/**
 * Counts one attempt under `key` in one statement (no read-then-write race between instances)
 * and returns how many there have been in the current window, this one included.
 */
export async function countAttempt(
  db: Db,
  key: string,
  limit: AttemptLimit = LOGIN_LIMIT,
  now = new Date(),
): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttle.window_started_at <= ${windowStart}
          then 1 else login_throttle.failures + 1 end`,
        window_started_at: sql<Date>`case when login_throttle.window_started_at <= ${windowStart}
          then ${now}::timestamptz else login_throttle.window_started_at end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function recordFailure(db: Db, key: string, now = new Date()): Promise<void> {
  await countAttempt(db, key, LOGIN_LIMIT, now);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
