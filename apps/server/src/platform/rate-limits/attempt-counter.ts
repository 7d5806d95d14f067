// Attempts counted in fixed windows (docs/decisions/0012-security-baseline.md,
// 0014-sign-in-throttle.md), kept in the database so that every instance sees the same count, in
// one of two tables: `login_throttle` (forgotten-password and first-access requests and mails,
// client authentications at the provider's token endpoint: services/identity/password-reset.ts,
// invitation.ts, services/integration/token-throttle.ts) and `sign_in_throttle` (passwords,
// second-factor codes and current-password checks: services/identity/sign-in-throttle.ts), each
// key under its own prefix and limit. Enforces:
// - an attempt is counted under each of its keys in order by one statement (`claimKeys`), a key
//   only while every key before it is within its limit: parallel attempts on any number of
//   instances get distinct counts (each upsert holds its row), and an attempt refused at one key
//   adds nothing to the later ones (a flood from one address never fills an account's window);
// - a key's window is fixed: the first attempt after it ended starts a new one at 1;
// - an attempt that turned out right may be taken back from its keys (`takeBack`), never below 0,
//   their rows locked in the claim's order (a take-back beside a claim never deadlocks).
import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/** The tables of counts, each with the name of its count column. */
const COUNT_COLUMN = { login_throttle: 'failures', sign_in_throttle: 'attempts' } as const;
export type AttemptTable = keyof typeof COUNT_COLUMN;

/** An attempt's keys in the order they are counted, each with its limit. */
export type ClaimedKeys = readonly (readonly [key: string, limit: AttemptLimit])[];

export type Claim =
  | 'ok'
  /**
   * Refused: seconds until the window of the key past its limit ends, and whether this attempt
   * is the one that crossed it (the first refused under that key in its window, max + 1).
   */
  | { retryAfterSeconds: number; crossed: boolean };

interface Counted {
  attempts: number;
  window_started_at: Date | string;
}

/**
 * Counts one attempt under each key in one statement, a data-modifying CTE per key, each
 * inserting only when the one before it came out within its limit: the counts, in key order,
 * up to the first past its limit.
 */
async function countKeys(db: Db, table: AttemptTable, keys: ClaimedKeys, now: Date) {
  const column = sql.ref(COUNT_COLUMN[table]);
  const count = sql.ref(`${table}.${COUNT_COLUMN[table]}`);
  const started = sql.ref(`${table}.window_started_at`);
  const step = (i: number) => sql.raw(`counted_${i}`);
  const upserts = keys.map(([key, limit], i) => {
    const windowStart = new Date(now.getTime() - limit.windowMs);
    const source =
      i === 0
        ? sql`values (${key}, 1, ${now}::timestamptz)`
        : sql`select ${key}::text, 1, ${now}::timestamptz
                where (select attempts from ${step(i - 1)}) <= ${keys[i - 1]![1].max}`;
    return sql`${step(i)} as (
      insert into ${sql.table(table)} (key, ${column}, window_started_at) ${source}
      on conflict (key) do update set
        ${column} = case when ${started} <= ${windowStart} then 1 else ${count} + 1 end,
        window_started_at = case when ${started} <= ${windowStart}
          then ${now}::timestamptz else ${started} end
      returning ${sql.lit(i)} as position, ${column} as attempts, window_started_at)`;
  });
  const results = keys.map(
    (_, i) => sql`select position, attempts, window_started_at from ${step(i)}`,
  );
  const { rows } = await sql<Counted & { position: number }>`
    with ${sql.join(upserts)} ${sql.join(results, sql` union all `)} order by position`.execute(db);
  return rows;
}

/**
 * Counts an attempt under `keys` (in order, stopping at the first past its limit): 'ok' when
 * every key is within its limit, else how long to wait.
 */
export async function claimKeys(
  db: Db,
  table: AttemptTable,
  keys: ClaimedKeys,
  now = new Date(),
): Promise<Claim> {
  const counted = await countKeys(db, table, keys, now);
  for (const [i, { attempts, window_started_at }] of counted.entries()) {
    const { max, windowMs } = keys[i]![1];
    if (attempts <= max) continue;
    // At most the window: a claim whose clock was read before the window's opener read its own
    // (parallel requests reach the database in any order) would otherwise be told to wait longer.
    const leftMs = Math.min(
      windowMs,
      new Date(window_started_at).getTime() + windowMs - now.getTime(),
    );
    return {
      retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)),
      crossed: attempts === max + 1,
    };
  }
  return 'ok';
}

/**
 * Counts one attempt under `key` of `login_throttle` and returns how many there have been in its
 * current window, this one included (a caller that answers the same past its limit).
 */
export async function countAttempt(
  db: Db,
  key: string,
  limit: AttemptLimit,
  now = new Date(),
): Promise<number> {
  const [counted] = await countKeys(db, 'login_throttle', [[key, limit]], now);
  return counted!.attempts;
}

/**
 * Takes one attempt back from each key's count (an attempt that turned out right), `keys` in the
 * order they were claimed: their rows are locked in that order, as a claim locks them, so a
 * take-back beside another claim of the same keys waits for it instead of deadlocking (an update
 * by `key in (…)` locks rows in the order it finds them, by index or on disk).
 */
export async function takeBack(db: Db, table: AttemptTable, keys: readonly string[]) {
  if (keys.length === 0) return;
  const column = sql.ref(COUNT_COLUMN[table]);
  const target = sql.table(table);
  const inOrder = sql`array[${sql.join(keys)}]::text[]`;
  await sql`with locked as (
      select key from ${target} where key = any(${inOrder})
       order by array_position(${inOrder}, key) for update)
    update ${target} set ${column} = greatest(${sql.ref(`${table}.${COUNT_COLUMN[table]}`)} - 1, 0)
      from locked where ${sql.ref(`${table}.key`)} = locked.key`.execute(db);
}
