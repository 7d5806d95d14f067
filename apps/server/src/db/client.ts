// The database: PGlite (embedded PostgreSQL) by default, a PostgreSQL server when DATABASE_URL
// is set (ARCHITECTURE.md decision 1). Both speak the same SQL; migrations run at start.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
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
  /** PGlite on pgliteDir in a worker thread, reached with `pg` (PGLITE_WORKER). */
  pgliteWorker?: boolean | undefined;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Reads at least this long are prepared once per connection (named) on PostgreSQL. */
const NAMED_STATEMENT_MIN_LENGTH = 400;
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

/**
 * PGlite on its data folder in a worker thread (pglite-worker.ts), reached with `pg` over a Unix
 * socket in a private temporary folder (mode 0700: no other local user connects). One connection,
 * as PGlite has one session. If the worker dies, the process stops (a supervisor restarts it;
 * PGlite's files are as crash-safe as in process).
 */
async function openPgliteWorker(
  dataDir: string,
): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  const socketDir = await mkdtemp(path.join(tmpdir(), 'espace-pglite-'));
  const port = 5432;
  const script = new URL(
    `./pglite-worker${path.extname(new URL(import.meta.url).pathname)}`,
    import.meta.url,
  );
  const workerData = { dataDir, socketPath: path.join(socketDir, `.s.PGSQL.${port}`) };
  // Run from TypeScript sources, the worker registers tsx first (Node 20 does not pass the
  // parent's --import hooks on to workers).
  const worker = script.pathname.endsWith('.ts')
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
          `.then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`,
        { eval: true, workerData },
      )
    : new Worker(script, { workerData });
  let closing = false;
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', () => {
        worker.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await rm(socketDir, { recursive: true, force: true });
    throw err;
  }
  worker.on('error', (err) => {
    console.error('Base de données embarquée arrêtée :', err);
    process.exit(1);
  });
  worker.on('exit', (code) => {
    if (closing) return;
    console.error(`Base de données embarquée arrêtée (code ${code})`);
    process.exit(1);
  });
  const pool = new pg.Pool({
    host: socketDir,
    port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
  });
  return {
    pool,
    async close() {
      closing = true;
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let kind: DatabaseHandle['kind'];
  if (options.pgliteDir && options.pgliteWorker && !options.databaseUrl) {
    await mkdir(path.dirname(options.pgliteDir), { recursive: true });
    const embedded = await openPgliteWorker(options.pgliteDir);
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: namingPool(embedded.pool) }),
    });
    return {
      db,
      kind: 'pglite',
      async close() {
        await db.destroy();
        await embedded.close();
      },
    };
  }
  if (options.databaseUrl) {
    kind = 'postgres';
    dialect = new PostgresDialect({
      pool: namingPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 })),
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
