// A memoised read (db/prepared.ts `memo`) on PGlite, whose sole writer is this process
// (db/sole-writer.ts): given again only while no statement that may write was sent since, and
// never past MEMO_MAX_AGE_MS. The database is changed behind Kysely's back (PGlite's own `query`,
// which nothing in the server does) only to tell a memoised answer from a fresh one.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgliteKysely, type Db } from './client';
import { MEMO_MAX_AGE_MS, prepared } from './prepared';
import { mayWrite, soleWriterOf } from './sole-writer';

describe('mayWrite', () => {
  it('takes only a plain select for a read', () => {
    expect(mayWrite('select 1')).toBe(false);
    expect(mayWrite('  SELECT a, updated_at from t where id = $1')).toBe(false);
    for (const statement of [
      'insert into t values (1)',
      'update t set v = 1',
      'delete from t',
      'with x as (update t set v = 1 returning v) select * from x',
      'select * from t for update skip locked',
      'select * from t for key share',
      "select nextval('s')",
      'select pg_advisory_xact_lock(1)',
      "select set_config('a.b', 'c', false)",
      'select * into copy from t',
      'begin',
      'commit',
      'rollback to savepoint x',
      'create table u (v int)',
      'truncate t',
    ])
      expect(mayWrite(statement), statement).toBe(true);
  });
});

describe('a memoised read on PGlite', () => {
  let pglite: PGlite;
  let db: Db;
  const readValue = prepared(
    (id: unknown) => sql<{ v: number }>`select v from t where id = ${id}`,
    {
      memo: true,
    },
  );
  const value = async (id = 1) => (await readValue(db, id)).rows[0]?.v;
  /** A change Kysely does not see, as no code of the server makes. */
  const behindTheBack = (v: number) => pglite.query('update t set v = $1 where id = 1', [v]);

  beforeAll(async () => {
    pglite = await PGlite.create('memory://');
    db = pgliteKysely(new PGliteDialect(pglite));
  });
  afterAll(() => db.destroy());

  beforeEach(async () => {
    await sql`drop table if exists t`.execute(db);
    await sql`create table t (id int primary key, v int)`.execute(db);
    await sql`insert into t values (1, 10), (2, 20)`.execute(db);
  });

  it('is given again while nothing was written, per arguments', async () => {
    expect(await value()).toBe(10);
    await behindTheBack(11);
    expect(await value()).toBe(10);
    expect(await value(2)).toBe(20);
    // A plain read sent in between changes nothing.
    await sql`select count(*) from t`.execute(db);
    expect(await value()).toBe(10);
  });

  it('is read again after any write through the database object', async () => {
    expect(await value()).toBe(10);
    await sql`update t set v = 12 where id = 1`.execute(db);
    expect(await value()).toBe(12);
    // Even one that touches another table: nothing tells which reads it changes.
    await behindTheBack(13);
    await sql`create table if not exists other (v int)`.execute(db);
    expect(await value()).toBe(13);
  });

  it('is read again after a transaction, committed or rolled back, and never kept from inside one', async () => {
    expect(await value()).toBe(10);
    await db.transaction().execute(async (trx) => {
      await sql`update t set v = 14 where id = 1`.execute(trx);
      // Inside the transaction (its own object): not memoised, its own write seen.
      expect((await readValue(trx as Db, 1)).rows[0]?.v).toBe(14);
    });
    expect(await value()).toBe(14);
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`update t set v = 15 where id = 1`.execute(trx);
        throw new Error('annulée');
      })
      .catch(() => undefined);
    expect(await value()).toBe(14);
  });

  it('is read again after a write sent once the read was, whether or not the read had settled', async () => {
    const read = value();
    // The read waits for the end of the turn (db/prepared.ts); the write is sent after it.
    await new Promise((resolve) => setImmediate(resolve));
    const write = sql`update t set v = 16 where id = 1`.execute(db);
    expect(await read).toBe(10);
    await write;
    await behindTheBack(17);
    expect(await value()).toBe(17);
  });

  it('answers the calls of one turn at its end', async () => {
    const answers = [value(), value(), value(2)];
    await behindTheBack(21);
    // Sent at the end of the turn, after the change above: all see it, the first two as one.
    expect(await Promise.all(answers)).toEqual([21, 21, 20]);
  });

  it(`is read again after ${MEMO_MAX_AGE_MS} ms, so a comparison with the clock is at most that late`, async () => {
    expect(await value()).toBe(10);
    await behindTheBack(18);
    await new Promise((resolve) => setTimeout(resolve, MEMO_MAX_AGE_MS + 50));
    expect(await value()).toBe(18);
  });

  it('is not used on a database object that is not a sole writer', async () => {
    expect(soleWriterOf(db)).toBeDefined();
    const other = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    expect(soleWriterOf(other)).toBeUndefined();
    expect((await readValue(other, 1)).rows[0]?.v).toBe(10);
    await behindTheBack(19);
    expect((await readValue(other, 1)).rows[0]?.v).toBe(19);
    // Its writes still count for the sole writer's memo: they go through the same driver.
    expect(await value()).toBe(19);
    await behindTheBack(20);
    await sql`update t set v = 21 where id = 2`.execute(other);
    expect(await value()).toBe(20);
  });
});
