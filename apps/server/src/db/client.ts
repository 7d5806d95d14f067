// The database: PGlite (embedded PostgreSQL) by default, a PostgreSQL server when DATABASE_URL
// is set (ARCHITECTURE.md decision 1). Both speak the same SQL; migrations run at start.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { DB } from './types';

export type Db = Kysely<DB>;

export interface DatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; undefined keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let kind: DatabaseHandle['kind'];
  if (options.databaseUrl) {
    kind = 'postgres';
    dialect = new PostgresDialect({
      pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }),
    });
  } else {
    kind = 'pglite';
    if (options.pgliteDir) await mkdir(path.dirname(options.pgliteDir), { recursive: true });
    const pglite = await PGlite.create(options.pgliteDir ?? 'memory://', {
      extensions: { unaccent },
    });
    dialect = new PGliteDialect(pglite);
  }
  const db = new Kysely<DB>({ dialect });
  return { db, kind, close: () => db.destroy() };
}

export async function migrate(db: Db): Promise<void> {
  // unaccent backs the French full-text search (ARCHITECTURE.md decision 6).
  await sql`create extension if not exists unaccent`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
