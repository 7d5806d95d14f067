// Attempts counted in a fixed window (docs/decisions/0012-security-baseline.md), kept in the database so that
// every instance sees the same count: forgotten-password mails per account and requests per
// address, each under its own key prefix and limit, with `countAttempt`. Sign-in attempts and
// current password checks have their own table (sign-in-throttle.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt under `key` in one statement (no read-then-write race between instances)
 * and returns how many there have been in the current window, this one included.
 */
export async function countAttempt(
  db: Db,
  key: string,
  limit: AttemptLimit,
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
