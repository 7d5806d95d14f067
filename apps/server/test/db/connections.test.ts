// The pooled PostgreSQL connections survive the server side closing them: a restart, a failover
// or an administrator ending idle sessions terminates an idle connection, whose error must not
// bring the process down; the next query opens a new connection.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { BACKENDS } from '../support/backends';
import { adminQuery, postgresUrl } from '../support/postgres';

describe.skipIf(!BACKENDS.includes('postgres'))('PostgreSQL connections', () => {
  const name = `espace_test_conn_${randomBytes(5).toString('hex')}`;
  let database: DatabaseHandle;
  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    database = await openDatabase({ databaseUrl: postgresUrl(name) });
  });
  afterAll(async () => {
    await database?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('keeps serving after the server terminates its idle connections', async () => {
    const one = sql<{ n: number }>`select 1 as n`;
    // Two connections in the pool, both idle afterwards.
    await Promise.all([one.execute(database.db), one.execute(database.db)]);
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
    );
    // The termination reaches the idle clients (an 'error' event each) before the next query.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await one.execute(database.db);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
