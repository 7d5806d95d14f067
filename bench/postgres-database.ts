// A PostgreSQL database of the bench's own: created on the server at 127.0.0.1:5432 (or
// BENCH_POSTGRES_URL) under a fresh name, dropped by the bench once measured. Only a database
// this module created is ever dropped; none when the server does not answer.
import pg from 'pg';

export const BENCH_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new database named `espace_bench_<purpose>_<time>`, or undefined when no server answers. */
export async function postgresDatabase(purpose: string): Promise<BenchDatabase | undefined> {
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `espace_bench_${purpose}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: BENCH_ADMIN_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
