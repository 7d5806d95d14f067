// PGlite in its worker thread (db/pglite-worker-dialect.ts), as the server opens it on a
// data folder. Real statements go through it: values come back as PGlite gives them in process
// (parameters too, though the worker prepares each statement once and then runs it in one call:
// pglite-extended-query.ts, whose prepared statements are checked in PostgreSQL's own list),
// PostgreSQL's errors keep the fields the error mapping reads, a transaction holds the session
// until it ends while other statements wait, hundreds of statements in flight (failing or not)
// each get their own answer, the data folder survives a clean close, and a worker thread that
// dies stops the process (status 1) with a French line for its supervisor.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/db/client';
import { openPglite, type PgliteDatabase } from '../support/pglite';

let dataDir: string;
let worker: DatabaseHandle;
let inProcess: PgliteDatabase;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'espace-pglite-worker-'));
  [worker, inProcess] = await Promise.all([
    openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
    openPglite(),
  ]);
  db = worker.db;
  // The one extension the first test calls (the migrations create it for the server).
  for (const handle of [db, inProcess.handle.db])
    await sql`create extension if not exists unaccent`.execute(handle);
  await sql`create table t (id int primary key, label text not null)`.execute(db);
});

afterAll(async () => {
  await worker?.close();
  await inProcess?.handle.close();
  await rm(dataDir, { recursive: true, force: true });
});

const count = async (handle: Db = db) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from t`.execute(handle)).rows[0]!.n);

describe('PGlite in its worker thread', () => {
  it('returns the values PGlite returns in process', async () => {
    const query = sql`
      select 42::int8 as big, 1.50::numeric as num, 2.5::float8 as dbl, true as yes, null as nothing,
             ${'l’été'}::text as txt, ${['a', 'b']}::text[] as arr,
             '{"a":[1,{"b":null}]}'::json as js, '{"k":"v"}'::jsonb as jsb,
             timestamptz '2026-03-01 10:00:00+01' as at, date '2026-03-01' as day,
             ${new Uint8Array([0, 1, 255])}::bytea as bytes,
             ${new Date('2026-01-02T03:04:05.678Z')}::timestamptz as param_date,
             unaccent('Évêché') as folded`;
    const [fromWorker, fromProcess] = await Promise.all([
      query.execute(db),
      query.execute(inProcess.handle.db),
    ]);
    expect(fromWorker.rows).toEqual(fromProcess.rows);
    const row = fromWorker.rows[0] as Record<string, unknown>;
    expect(row.js).toEqual({ a: [1, { b: null }] });
    expect(row.at).toBeInstanceOf(Date);
    expect(row.bytes).toEqual(new Uint8Array([0, 1, 255]));
    expect(row.folded).toBe('Eveche');
  });

  it('turns parameters into text by their types, as PGlite in process does', async () => {
    const query = (payload: unknown) => sql`
      select ${payload}::jsonb as doc, ${payload}::json as plain, ${12}::int8 as big,
             ${false}::boolean as no, ${'2026-03-01'}::date as day`;
    for (const payload of [{ a: [1, 'é'] }, ['x', { y: null }], '{"already":"text"}', 7]) {
      const [fromWorker, fromProcess] = await Promise.all([
        query(payload).execute(db),
        query(payload).execute(inProcess.handle.db),
      ]);
      expect(fromWorker.rows).toEqual(fromProcess.rows);
    }
  });

  it('learns a statement’s parameter types again after a change of schema', async () => {
    await sql`create table retyped (id int primary key, v text)`.execute(db);
    const insert = (id: number, v: unknown) =>
      db
        .insertInto('retyped' as never)
        .values({ id, v } as never)
        .execute();
    await insert(1, 'texte');
    await sql`alter table retyped alter column v type jsonb using to_jsonb(v)`.execute(db);
    await insert(2, { objet: true });
    const { rows } = await sql<{ v: unknown }>`select v from retyped order by id`.execute(db);
    expect(rows.map((r) => r.v)).toEqual(['texte', { objet: true }]);
    await sql`drop table retyped`.execute(db);
  });

  it('prepares a statement once, keeps it across a rollback, ends it after a change of schema', async () => {
    const prepared = async () =>
      (
        await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
      ).rows.map((row) => row.statement);
    const read = () => sql`select label from t where id = ${1}`.execute(db);
    await read();
    await read();
    expect(
      (await prepared()).filter((s) => s === 'select label from t where id = $1'),
    ).toHaveLength(1);
    const sum = sql<{ n: number }>`select ${2}::int + 40 as n`;
    const rolledBack = await db
      .transaction()
      .execute(async (trx) => {
        await sum.execute(trx);
        throw new Error('annulée');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('annulée');
    expect((await sum.execute(db)).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toContain('select $1::int + 40 as n');
    await sql`create table shaped (id int)`.execute(db);
    await read();
    const after = await prepared();
    expect(after.filter((s) => s === 'select label from t where id = $1')).toHaveLength(1);
    expect(after).not.toContain('select $1::int + 40 as n');
    await sql`drop table shaped`.execute(db);
    // Ended by hand: prepared again at the next run.
    await sql`deallocate all`.execute(db);
    expect((await sum.execute(db)).rows).toEqual([{ n: 42 }]);
  });

  it('keeps at most 500 statements prepared', async () => {
    for (let i = 0; i < 520; i++) await sql.raw(`select ${i} as n`).execute(db);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_prepared_statements`.execute(db);
    expect(rows[0]!.n).toBeLessThanOrEqual(500);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('counts the rows a statement changed, as the in-process dialect does', async () => {
    await db
      .insertInto('t' as never)
      .values([
        { id: 1, label: 'un' },
        { id: 2, label: 'deux' },
      ] as never)
      .execute();
    const updated = await sql`update t set label = label || '!' where id in (1, 2)`.execute(db);
    expect(updated.numAffectedRows).toBe(2n);
    const none = await sql`update t set label = 'x' where id = 99`.execute(db);
    expect(none.numAffectedRows).toBeUndefined();
    await sql`delete from t`.execute(db);
  });

  it('keeps the fields of PostgreSQL’s errors (SQLSTATE, constraint, table)', async () => {
    await sql`insert into t values (10, 'a')`.execute(db);
    const duplicate = await sql`insert into t values (10, 'b')`.execute(db).catch((e) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      table: 't',
      schema: 'public',
      severity: 'ERROR',
    });
    expect(duplicate.message).toMatch(/duplicate key/);
    expect(duplicate.detail).toMatch(/\(id\)=\(10\)/);
    const nul = await sql`select ${'a\u0000b'}::text`.execute(db).catch((e) => e);
    expect(nul.code).toBe('22021');
    const notNull = await sql`insert into t values (11, null)`.execute(db).catch((e) => e);
    expect(notNull).toMatchObject({ code: '23502', column: 'label', table: 't' });
    await sql`delete from t`.execute(db);
  });

  it('lets a transaction hold the session until it commits; other statements wait', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into t values (20, 'dans la transaction')`.execute(trx);
      inserted();
      await held;
      expect(await count(trx)).toBe(1);
    });
    await insertedOnce;
    let seen: number | undefined;
    const outside = count().then((n) => (seen = n));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toBeUndefined(); // waiting for the transaction, not reading its uncommitted row
    release();
    await transaction;
    await outside;
    expect(seen).toBe(1);
    await sql`delete from t`.execute(db);
  });

  it('rolls back a failed transaction and a connection released inside one', async () => {
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (30, 'annulé')`.execute(trx);
        await sql`insert into t values (30, 'doublon')`.execute(trx);
      })
      .catch((e) => e);
    expect(failed.code).toBe('23505');
    expect(await count()).toBe(0);
    // A holder that opens a transaction by hand and lets its connection go without ending it.
    await db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`insert into t values (31, 'abandonné')`.execute(connection);
    });
    expect(await count()).toBe(0);
    const serializable = await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => {
        await sql`insert into t values (32, 'sérialisable')`.execute(trx);
        return (await sql<{ level: string }>`show transaction_isolation`.execute(trx)).rows[0];
      });
    expect(serializable).toEqual({ transaction_isolation: 'serializable' });
    expect(await count()).toBe(1);
    await sql`delete from t`.execute(db);
  });

  it('answers each of hundreds of statements in flight, failing ones included, with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        i % 3 === 0
          ? sql`select ${i}::int / 0 as n`.execute(db).then(
              () => 'no error',
              (e: { code?: string }) => e.code,
            )
          : sql<{ n: number; s: string }>`select ${i}::int as n, repeat('x', ${i}) as s`
              .execute(db)
              .then(({ rows }) => rows[0]!.n === i && rows[0]!.s.length === i),
      ),
    );
    results.forEach((result, i) => expect(result).toBe(i % 3 === 0 ? '22012' : true));
  });

  it('keeps the data folder across a clean close', async () => {
    await sql`insert into t values (40, 'gardé')`.execute(db);
    await worker.close();
    worker = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    db = worker.db;
    const { rows } = await sql<{ label: string }>`select label from t where id = 40`.execute(db);
    expect(rows).toEqual([{ label: 'gardé' }]);
  });

  it(
    'stops the process with status 1 when the worker thread dies',
    { timeout: 60_000 },
    async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../fixtures/pglite-worker-dies.ts')],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(stdout).toContain('ouvert');
      expect(stdout).not.toContain('toujours en vie');
      expect(status).toBe(1);
      expect(stderr).toContain('Base de données embarquée arrêtée');
    },
  );
});
