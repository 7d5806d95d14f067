// A batched read (db/prepared.ts `batch`) on the machine's PostgreSQL: the calls of one turn of the
// event loop go as one statement, and each call gets exactly the rows its own arguments select,
// none, one or several, or its own error. The statements sent are counted through Kysely's log.
// Skipped, as the whole PostgreSQL leg, when PostgreSQL does not answer (support/global-setup.ts says so).
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_MAX_CALLS, prepared } from '../../src/db/prepared';
import type { Db } from '../../src/db/client';
import { getAccount } from '../../src/services/account/accounts';
import { listPoliciesJson } from '../../src/services/policies/policies';
import { BACKENDS } from '../support/backends';
import { adminQuery, postgresUrl } from '../support/postgres';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe.skipIf(!BACKENDS.includes('postgres'))('a batched read on PostgreSQL', () => {
  const name = `espace_test_batch_${randomBytes(5).toString('hex')}`;
  let db: Kysely<unknown>;
  let sent: string[] = [];
  const valuesOf = prepared(
    // A constant parameter between the arguments, renumbered after them in the batch.
    (group: unknown, min: unknown) => sql<{ v: number }>`
      select v from t where v < ${1000} and grp = ${group} and v >= ${min}::int order by v`,
    { batch: true },
  );
  const values = async (group: string, min: number | string) =>
    (await valuesOf(db, group, min)).rows.map((row) => row.v);

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    db = new Kysely({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: postgresUrl(name), max: 4 }),
      }),
      log: (event) => void sent.push(event.query.sql),
    });
    await sql`create table t (grp text, v int)`.execute(db);
    await sql`insert into t values ('a', 10), ('a', 20), ('c', 30), ('d', 2000)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });
  beforeEach(() => {
    sent = [];
  });

  it('sends the calls of one turn as one statement, each answered with its own rows', async () => {
    const answers = await Promise.all([
      values('a', 0),
      values('b', 0),
      values('c', 0),
      values('a', 15),
      values('d', 0),
    ]);
    expect(answers).toEqual([[10, 20], [], [30], [20], []]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/unnest/);
  });

  it('sends a call alone as the statement itself', async () => {
    expect(await values('a', 0)).toEqual([10, 20]);
    expect(await values('c', 0)).toEqual([30]);
    expect(sent).toHaveLength(2);
    for (const statement of sent) expect(statement).not.toMatch(/unnest/);
  });

  it('sends the same arguments once in a turn', async () => {
    const answers = await Promise.all([values('a', 0), values('a', 0), values('a', 0)]);
    expect(answers).toEqual([
      [10, 20],
      [10, 20],
      [10, 20],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/unnest/);
  });

  it("answers the others when one call's arguments fail, and gives that call its error", async () => {
    const answers = await Promise.allSettled([values('a', 0), values('a', 'abc'), values('c', 0)]);
    expect(answers[0]).toEqual({ status: 'fulfilled', value: [10, 20] });
    expect(answers[1]).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/invalid input syntax for type integer/) },
    });
    expect(answers[2]).toEqual({ status: 'fulfilled', value: [30] });
  });

  it(`sends ${BATCH_MAX_CALLS} calls a statement at the most`, async () => {
    const calls = Array.from({ length: BATCH_MAX_CALLS * 2 + 1 }, (_, i) => i);
    // Distinct arguments: the same ones would be sent once.
    const answers = await Promise.all(calls.map((i) => values(i % 2 ? 'a' : 'c', -i)));
    answers.forEach((answer, i) => expect(answer).toEqual(i % 2 ? [10, 20] : [30]));
    expect(sent).toHaveLength(3);
  });

  it('gives a statement that cannot be compiled to its callers as their error', async () => {
    const broken = prepared((_unused: unknown) => sql<{ one: number }>`select 1 as one`, {
      batch: true,
    });
    const answers = await Promise.allSettled([broken(db, 1), broken(db, 2)]);
    for (const answer of answers)
      expect(answer).toMatchObject({
        status: 'rejected',
        reason: { message: expect.stringMatching(/every argument must be a parameter/) },
      });
    // Alone in its turn, too.
    await expect(broken(db, 3)).rejects.toThrow(/every argument must be a parameter/);
    expect(await values('c', 0)).toEqual([30]);
  });

  it('runs each call inside a transaction as it comes', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values ('b', 40)`.execute(trx);
        const [inside] = await Promise.all([valuesOf(trx, 'b', 0), valuesOf(trx, 'a', 0)]);
        expect(inside.rows).toEqual([{ v: 40 }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await values('b', 0)).toEqual([]);
    expect(sent.filter((statement) => /unnest/.test(statement))).toHaveLength(0);
  });
});

describe.skipIf(!BACKENDS.includes('postgres'))(
  'the batched reads of the API on PostgreSQL',
  () => {
    let database: TestDatabase;
    let accounts: string[];
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const { rows } = await sql<{ id: string }>`
      select a.id from accounts a where exists (select 1 from policies p where p.account_id = a.id)
      order by a.id limit 2`.execute(database.handle.db);
      accounts = rows.map((row) => row.id);
    });
    afterAll(() => database?.drop());

    it("answers each caller with their own account and policies, and a closed session's with nothing", async () => {
      const db: Db = database.handle.db;
      const open = (accountId: string) => ({ accountId, sid: undefined, embedded: false });
      const closed = (accountId: string) => ({ accountId, sid: 'no-such-session', embedded: true });
      const alone = [
        await getAccount(db, open(accounts[0]!)),
        await getAccount(db, open(accounts[1]!)),
        await listPoliciesJson(db, open(accounts[0]!)),
        await listPoliciesJson(db, open(accounts[1]!)),
      ];
      expect(alone[0]).not.toEqual(alone[1]);
      const together = await Promise.all([
        getAccount(db, open(accounts[1]!)),
        getAccount(db, closed(accounts[0]!)),
        getAccount(db, open(accounts[0]!)),
        listPoliciesJson(db, open(accounts[1]!)),
        listPoliciesJson(db, closed(accounts[1]!)),
        listPoliciesJson(db, open(accounts[0]!)),
      ]);
      expect(together).toEqual([
        alone[1],
        { sessionAlive: false },
        alone[0],
        alone[3],
        { sessionAlive: false },
        alone[2],
      ]);
    });
  },
);
