// PGlite in its own worker thread (pglite-worker.ts), reached by Kysely through this dialect: each
// statement is posted to the worker as {sql, parameters} and its rows come back by structured
// clone (Dates, Uint8Arrays and parsed JSON as PGlite gives them in process), so results and
// errors (code, constraint, table…) are those of the in-process dialect, with no wire protocol
// in between (pglite-socket's desynchronised `pg` under load, electric-sql/pglite#958).
//
// Connections are free to acquire: the worker runs the statements one at a time in their order
// of arrival and lets a connection in a transaction hold the session until it commits or rolls
// back, so statements of other requests queue in the worker instead of waiting for this thread.
// If the worker dies, the process stops (status 1) for its supervisor to restart it; PGlite's
// files are as crash-safe as in process.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { ParentMessage, PgliteWorkerData, WorkerError, WorkerMessage } from './pglite-worker';

/** A database error from the worker, with the fields PostgreSQL gave (code, constraint…). */
export class PgliteWorkerError extends Error {
  [field: string]: unknown;
  constructor(fields: WorkerError) {
    super(fields.message);
    Object.assign(this, fields);
  }
}

/**
 * The worker's script: pglite-worker.js next to the compiled server (dist/, built by
 * scripts/build.mjs), or, run from the TypeScript sources (development, tests, benches), that
 * file compiled once by esbuild into apps/server/node_modules/.cache (bare imports resolve from
 * there as from src/). Node 20 does not pass tsx's --import hooks on to workers, and registering
 * tsx inside the worker costs about 100 MB of memory (a loader thread).
 */
async function workerScript(): Promise<URL> {
  const extension = path.extname(new URL(import.meta.url).pathname);
  const script = new URL(`./pglite-worker${extension}`, import.meta.url);
  if (extension !== '.ts') return script;
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(script)],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'inline',
    write: false,
  });
  const code = outputFiles[0]!.contents;
  const folder = fileURLToPath(new URL('../../node_modules/.cache/espace-pglite-worker/', script));
  const file = path.join(folder, `${createHash('sha1').update(code).digest('hex')}.mjs`);
  if (!existsSync(file)) {
    // Several processes may compile at once: each writes its own file, then renames it.
    await mkdir(folder, { recursive: true });
    const partial = `${file}.${process.pid}.${threadId}`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return pathToFileURL(file);
}

interface Pending {
  resolve(result: QueryResult<unknown>): void;
  reject(error: Error): void;
  connection: WorkerConnection;
}

/** The worker and its pending statements (their number is a metric: plugins/metrics.ts). */
export class PgliteWorker {
  readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing: Promise<void> | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerMessage) => this.answer(message));
  }

  static async start(data: PgliteWorkerData): Promise<PgliteWorker> {
    const transferList = data.loadDataDir ? [data.loadDataDir.buffer as ArrayBuffer] : [];
    const worker = new Worker(await workerScript(), {
      workerData: data,
      transferList,
      // The thread's garbage is PGlite's parsed results, short-lived: a small young generation
      // holds the idle server's memory about 15 MB lower at no measured cost (bench -- api).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`PGlite worker exited (${code})`)));
        worker.once('message', () => resolve());
      });
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    worker.removeAllListeners('error').removeAllListeners('exit');
    const handle = new PgliteWorker(worker);
    worker.on('error', (err) => {
      console.error('Base de données embarquée arrêtée :', err);
      process.exit(1);
    });
    worker.on('exit', (code) => {
      if (handle.closing) return;
      console.error(`Base de données embarquée arrêtée (code ${code})`);
      process.exit(1);
    });
    return handle;
  }

  private answer(message: WorkerMessage): void {
    if (!('id' in message)) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    pending.connection.inTransaction = message.inTransaction;
    if ('error' in message) {
      pending.reject(new PgliteWorkerError(message.error));
    } else {
      // As kysely-pglite-dialect: numAffectedRows only when some were.
      pending.resolve(
        message.affectedRows
          ? { rows: message.rows, numAffectedRows: BigInt(message.affectedRows) }
          : { rows: message.rows },
      );
    }
  }

  query(connection: WorkerConnection, sql: string, parameters: readonly unknown[]) {
    if (this.closing) return Promise.reject(new Error('PGlite worker closed'));
    const id = this.nextId++;
    return new Promise<QueryResult<unknown>>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, connection });
      this.post({ id, connection: connection.id, sql, parameters });
    });
  }

  post(message: ParentMessage): void {
    this.worker.postMessage(message);
  }

  /** Stops after the statements already posted, closing PGlite cleanly (its files synced). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const closed = new Promise<void>((resolve) => {
        this.worker.on('message', (message: WorkerMessage) => {
          if ('closed' in message) resolve();
        });
      });
      this.post({ close: true });
      await closed;
      await this.worker.terminate();
    })();
    return this.closing;
  }
}

let connectionIds = 0;

class WorkerConnection implements DatabaseConnection {
  readonly id = ++connectionIds;
  /** Whether this connection's last statement left the session in a transaction. */
  inTransaction = false;

  constructor(private readonly worker: PgliteWorker) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.worker.query(this, compiledQuery.sql, compiledQuery.parameters) as Promise<
      QueryResult<R>
    >;
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0)
      throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class PgliteWorkerDriver implements Driver {
  constructor(private readonly worker: PgliteWorker) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WorkerConnection(this.worker);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as WorkerConnection;
    if (c.inTransaction) this.worker.post({ release: c.id });
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    let text = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction';
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) text += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(text));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  destroy(): Promise<void> {
    return this.worker.close();
  }
}

/** Kysely's PostgreSQL dialect, its statements run by PGlite in the worker. */
export class PgliteWorkerDialect implements Dialect {
  constructor(private readonly worker: PgliteWorker) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteWorkerDriver(this.worker);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
