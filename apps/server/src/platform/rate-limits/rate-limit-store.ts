// The counters of the per-account rate limits (docs/decisions/0012-security-baseline.md) kept in the database,
// so that every instance behind a load balancer counts against the same limit and a restart
// forgets nothing. Behind the @fastify/rate-limit store of routes/rate-limit.ts: each
// counted request is ONE statement, an upsert that starts a fresh window when the stored one has ended, otherwise adds
// one, and returns the count and the time left. Rows of ended windows are swept by
// `sweepRateLimitCounters` (on a timer in start-up.ts); a stale row is never wrong, only dead weight,
// because the upsert itself restarts an ended window.
import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Adds one to the counter of `key` in a window of `timeWindowMs`; returns the count and ms left. */
export async function countRequest(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const window = Math.max(1, Math.trunc(timeWindowMs));
  const { rows } = await sql<{ count: number; ttl: string }>`
    insert into rate_limit_counters as c (key, count, expires_at)
    values (${key}, 1, now() + ${window} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when c.expires_at <= now() then 1 else c.count + 1 end,
      expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
    returning count, ceil(extract(epoch from (expires_at - now())) * 1000)::bigint as ttl
  `.execute(db);
  const row = rows[0]!;
  return { current: row.count, ttl: Math.max(0, Number(row.ttl)) };
}

/** Deletes the counters whose window has ended; returns how many. */
export async function sweepRateLimitCounters(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
