// The attempt counter both throttles share (platform/rate-limits/attempt-counter.ts): an attempt
// is counted under its keys in order by one statement, a key only while the ones before it are
// within their limits; the attempt that crosses a limit says so, with the seconds left in that
// key's window; a window that ended starts again at 1; parallel claims get distinct counts; a
// right attempt is taken back, never below 0, beside parallel claims without deadlocking. On both
// tables, both backends.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimKeys,
  takeBack,
  type AttemptTable,
} from '../../../src/platform/rate-limits/attempt-counter';
import { BACKENDS } from '../../support/backends';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

const MINUTE = 60_000;
const WIDE = { max: 2, windowMs: 15 * MINUTE };
const NARROW = { max: 5, windowMs: 10 * MINUTE };
const TABLES: AttemptTable[] = ['login_throttle', 'sign_in_throttle'];

describe.each(BACKENDS)('the attempt counter on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database.drop());

  const countOf = async (table: AttemptTable, key: string) => {
    const column = table === 'login_throttle' ? 'failures' : 'attempts';
    const { rows } = await sql<{ n: number }>`select ${sql.ref(column)} as n
      from ${sql.table(table)} where key = ${key}`.execute(database.handle.db);
    return rows[0]?.n;
  };

  it.each(TABLES)(
    'counts keys in order, stopping at the first past its limit (%s)',
    async (table) => {
      const [first, second] = [`test-first:${table}`, `test-second:${table}`];
      const keys = [
        [first, WIDE],
        [second, NARROW],
      ] as const;
      const start = new Date('2030-01-01T10:00:00Z');
      expect(await claimKeys(database.handle.db, table, keys, start)).toBe('ok');
      expect(await claimKeys(database.handle.db, table, keys, start)).toBe('ok');
      const later = new Date(start.getTime() + 5 * MINUTE);
      expect(await claimKeys(database.handle.db, table, keys, later)).toEqual({
        retryAfterSeconds: 600,
        crossed: true,
      });
      expect(await claimKeys(database.handle.db, table, keys, later)).toEqual({
        retryAfterSeconds: 600,
        crossed: false,
      });
      // The refused attempts were not counted under the second key.
      expect(await countOf(table, first)).toBe(4);
      expect(await countOf(table, second)).toBe(2);
      // Both windows ended: each starts again at 1.
      const next = new Date(start.getTime() + WIDE.windowMs);
      expect(await claimKeys(database.handle.db, table, keys, next)).toBe('ok');
      expect(await countOf(table, first)).toBe(1);
      expect(await countOf(table, second)).toBe(1);
      await takeBack(database.handle.db, table, [first, second]);
      await takeBack(database.handle.db, table, [first, second]);
      expect(await countOf(table, first)).toBe(0);
      expect(await countOf(table, second)).toBe(0);
    },
  );

  it.each(TABLES)(
    'never asks to wait longer than the window, for a claim whose clock is behind the window’s start (%s)',
    async (table) => {
      // Parallel requests each read the clock, then reach the database in any order: the one that
      // opened the window may have read it a moment after one refused later.
      const keys = [[`test-clock:${table}`, WIDE]] as const;
      const start = new Date('2030-01-01T10:00:00Z');
      const earlier = new Date(start.getTime() - 1_500);
      for (let i = 0; i < WIDE.max; i++)
        expect(await claimKeys(database.handle.db, table, keys, start)).toBe('ok');
      expect(await claimKeys(database.handle.db, table, keys, earlier)).toEqual({
        retryAfterSeconds: WIDE.windowMs / 1000,
        crossed: true,
      });
    },
  );

  it.each(TABLES)('gives parallel claims distinct counts (%s)', async (table) => {
    const keys = [[`test-parallel:${table}`, NARROW]] as const;
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => claimKeys(database.handle.db, table, keys, now)),
    );
    expect(claims.filter((c) => c === 'ok')).toHaveLength(NARROW.max);
    expect(claims.filter((c) => c !== 'ok' && c.crossed)).toHaveLength(1);
  });

  // PGlite has one connection: its statements never run side by side.
  it.runIf(backend === 'postgres').each(TABLES)(
    'takes attempts back beside parallel claims without deadlocking (%s)',
    async (table) => {
      // Right attempts of one address side by side (a sign-in page behind one company's address):
      // each claim locks its rows in key order while the others' take-backs run. The keys sort the
      // other way round, as `address:` and `account:` do, so that an update locking rows in index
      // order meets the claims head-on.
      const keys = [
        [`test-z-first:${table}`, { max: 1000, windowMs: 15 * MINUTE }],
        [`test-a-second:${table}`, { max: 1000, windowMs: 15 * MINUTE }],
      ] as const;
      const failures: unknown[] = [];
      for (let round = 0; round < 150; round++)
        await Promise.all(
          Array.from({ length: 6 }, () =>
            claimKeys(database.handle.db, table, keys)
              .then(() => takeBack(database.handle.db, table, [keys[0][0], keys[1][0]]))
              .catch((err: unknown) => failures.push(String(err))),
          ),
        );
      expect(failures).toEqual([]);
      expect(await countOf(table, keys[0][0])).toBe(0);
      expect(await countOf(table, keys[1][0])).toBe(0);
    },
  );
});
