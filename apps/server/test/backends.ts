// The databases the API suite runs on: PGlite always, and the PostgreSQL server on
// 127.0.0.1:5432 when it answers (each test file gets its own throw-away database).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function postgresAnswers(url = POSTGRES_ADMIN_URL, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export type BackendName = 'pglite' | 'postgres';

export const BACKENDS: BackendName[] = (await postgresAnswers())
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(backend: BackendName): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const handle = await openDatabase({});
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `espace_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const a = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
