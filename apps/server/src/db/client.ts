// The database: PGlite (embedded PostgreSQL) by default, a PostgreSQL server when DATABASE_URL
// is set (docs/decisions/0003-one-sql-dialect-pglite.md). Both speak the same SQL; migrations run at start. PGlite on
// a data folder runs in its own worker thread (pglite-worker-dialect.ts) unless PGLITE_IN_PROCESS;
// in memory (tests, db:types) it runs in this thread.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect, type LogEvent } from 'kysely';
import type pg from 'pg';
import { migrations } from './migrations/index';
import { prepareDataDir, templateFolder } from './pglite-template';
import type { PgliteWorkerData } from './pglite-worker';
import { PgliteWorker, PgliteWorkerDialect } from './pglite-worker-dialect';
import { registerSoleWriter, soleWriterDialect, WriteGenerations } from './sole-writer';
import type { DB } from './types';

export type Db = Kysely<DB>;

export interface DatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; undefined keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * PGlite on pgliteDir in this thread (PGLITE_IN_PROCESS) rather than in its worker thread
   * (pglite-worker-dialect.ts). In memory, PGlite always runs in this thread (tests).
   */
  pgliteInProcess?: boolean | undefined;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** What the metrics read at each scrape (plugins/metrics.ts): the pool, PGlite's queue. */
  stats?: (() => DatabaseStats) | undefined;
  /** Each statement's duration, for the metrics; none until someone listens. */
  timings?: QueryTimings | undefined;
}

export interface DatabaseStats {
  /** pg's pool: connections open, idle, and queries waiting for one (PostgreSQL). */
  pool?: { total: number; idle: number; waiting: number };
  /** Statements posted to PGlite's worker and not yet answered (PGlite in its worker). */
  queued?: number;
}

/** Kysely's log hook, handing each statement's duration (seconds) to one listener. */
export class QueryTimings {
  listener: ((seconds: number, failed: boolean) => void) | undefined;
  readonly log = (event: LogEvent): void =>
    this.listener?.(event.queryDurationMillis / 1000, event.level === 'error');
}

/** Reads at least this long are prepared once per connection (named) on PostgreSQL: the hot
 * reads of db/prepared.ts, the session check included (docs/decisions/0068-api-reads-one-statement.md). */
const NAMED_STATEMENT_MIN_LENGTH = 200;
/** A bound on distinct named statements, should some long SQL vary (e.g. `in (…)` lists). */
const NAMED_STATEMENTS_MAX = 200;

/**
 * A pg pool whose clients send every long read (select) as a named statement (`name` = a hash of its text),
 * so PostgreSQL parses and plans it once per connection instead of on each call (the policies
 * read is ~2 KB of SQL). Short ones go unnamed, as before.
 */
function namingPool(pool: pg.Pool): pg.Pool {
  // An idle connection the server ends (restart, failover, an administrator, a database dropped)
  // makes the pool emit 'error' once it has discarded it; unheard, that event would stop the
  // process. The next query opens a new connection, and a query on a dead database fails itself.
  pool.on('error', () => undefined);
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    if (text.length < NAMED_STATEMENT_MIN_LENGTH || !/^\s*select\b/i.test(text)) return undefined;
    let name = names.get(text);
    if (!name && names.size < NAMED_STATEMENTS_MAX) {
      name = `s${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  // Each new connection, once: its `query` names the long statements.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? nameOf(text) : undefined;
      return name && Array.isArray(rest[0]) && rest.length === 1
        ? query({ name, text, values: rest[0] })
        : query(text, ...rest);
    };
  });
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded for a server only: a start on PGlite does without the driver (some 20 ms).
    const { default: pg } = await import('pg');
    const pool = namingPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
    const timings = new QueryTimings();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: timings.log });
    const stats = () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    });
    return { db, kind: 'postgres', close: () => db.destroy(), stats, timings };
  }
  if (options.pgliteDir) {
    // Owner only whatever the umask (db/owner-only.ts); the template's copy is made so too.
    await mkdir(options.pgliteDir, { recursive: true, mode: 0o700 });
    // A new database is a copy of the initialised template rather than an initdb run.
    await prepareDataDir(options.pgliteDir, initdbTemplate()).catch((err: unknown) => {
      console.warn('Modèle de base de données indisponible, initialisation complète :', err);
    });
  }
  if (options.pgliteDir && !options.pgliteInProcess)
    return openPgliteWorker({ dataDir: options.pgliteDir, loadDataDir: undefined });
  // PGlite in this thread: loaded here only, so a start on the worker does without it (60 ms).
  const [{ PGlite }, { PGliteDialect }, { pgliteOptions }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
    import('./pglite-options'),
  ]);
  const pglite = await PGlite.create(options.pgliteDir ?? 'memory://', pgliteOptions());
  const timings = new QueryTimings();
  const db = pgliteKysely(new PGliteDialect(pglite), timings);
  return { db, kind: 'pglite', close: () => db.destroy(), timings };
}

/**
 * Kysely on a PGlite `dialect`: this process is the database's sole writer, so its statements are
 * counted for the memoised reads (db/sole-writer.ts, db/prepared.ts).
 */
export function pgliteKysely(dialect: Dialect, timings?: QueryTimings): Db {
  const generations = new WriteGenerations();
  const db = new Kysely<DB>({
    dialect: soleWriterDialect(dialect, generations),
    ...(timings ? { log: timings.log } : {}),
  });
  registerSoleWriter(db, generations);
  return db;
}

/**
 * Where the initialised cluster new PGlite databases are copied from (pglite-template.ts): in
 * dist/ beside the compiled server (made by scripts/build.mjs), or, run from the sources, in
 * apps/server/node_modules/.cache (made by the first start that needs it).
 */
function initdbTemplate(): string {
  const parent = import.meta.url.endsWith('.ts') ? '../../node_modules/.cache/' : './';
  return templateFolder(fileURLToPath(new URL(parent, import.meta.url)));
}

/**
 * PGlite in a worker thread (pglite-worker-dialect.ts): on its data folder, or in memory from a
 * `dumpDataDir()` tarball (tests).
 */
export async function openPgliteWorker(data: PgliteWorkerData): Promise<DatabaseHandle> {
  const worker = await PgliteWorker.start(data);
  const timings = new QueryTimings();
  const db = pgliteKysely(new PgliteWorkerDialect(worker), timings);
  return {
    db,
    kind: 'pglite',
    stats: () => ({ queued: worker.pending.size }),
    timings,
    async close() {
      await db.destroy();
      // Kysely destroys its driver only if a statement ran; the worker is stopped either way.
      await worker.close();
    },
  };
}

export async function migrate(db: Db): Promise<void> {
  // unaccent backs the French full-text search (docs/decisions/0016-content-in-markdown.md).
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
