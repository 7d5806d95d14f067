// The embedded database's own thread (db/pglite-worker-dialect.ts is the other end): PGlite opened
// on its data folder (or in memory from a dump, for tests), answering the request thread's
// queries posted as messages, so a long query never holds the request thread. No wire protocol
// between the two: a query is {id, connection, sql, parameters}, its answer {id, rows,
// affectedRows, inTransaction} or {id, error} with the fields of PostgreSQL's error (code,
// constraint, table…), as PGlite in process would have thrown it.
//
// PGlite has one session. Queries of several connections run one after the other in their order
// of arrival, and a connection whose statement leaves the session in a transaction owns it until
// the transaction ends: the other connections' queries wait meanwhile (as behind
// kysely-pglite-dialect's mutex in process, but without a round trip to the request thread
// between two statements). The parent asks it to stop with {close: true}.
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { collectWhenIdle, collector } from '../idle-collection';
import { extendedQuery } from './pglite-extended-query';
import { pgliteOptions } from './pglite-options';

export interface PgliteWorkerData {
  /** The data folder, or undefined for a database in memory (loaded from `loadDataDir`). */
  dataDir: string | undefined;
  /** A `dumpDataDir()` tarball to start from (tests). */
  loadDataDir: Uint8Array | undefined;
}

export interface QueryMessage {
  id: number;
  connection: number;
  sql: string;
  parameters: readonly unknown[];
}

/** The parent's connection no longer runs statements: a transaction it left open is rolled back. */
export interface ReleaseMessage {
  release: number;
}

export type ParentMessage = QueryMessage | ReleaseMessage | { close: true };

/** Every field of the error PGlite threw whose value is a string or a number. */
export type WorkerError = Record<string, string | number | boolean | undefined> & {
  message: string;
};

export type WorkerMessage =
  | { ready: true }
  | { closed: true }
  | { id: number; rows: unknown[]; affectedRows: number | undefined; inTransaction: boolean }
  | { id: number; error: WorkerError; inTransaction: boolean };

const data = workerData as PgliteWorkerData;
// PostgreSQL's WebAssembly is compiled by V8's baseline compiler only (Liftoff), without the
// optimising tier that recompiles hot functions under load: the server holds some 40 MB less at
// idle and 150 MB less after a load, for a few per cent of the reads' throughput now that each
// statement is prepared once (measured with `npm run bench -- api` and `startup`). The
// flag is the process's, set before PGlite compiles; the portal runs no other WebAssembly of note.
setFlagsFromString('--liftoff-only');
const pglite = await PGlite.create(
  data.dataDir ?? 'memory://',
  pgliteOptions(data.loadDataDir ? new Blob([data.loadDataDir]) : undefined),
);
// On an empty folder PGlite.create ran initdb in a second PGlite, now closed: its WebAssembly
// memory (about 400 MB) is only returned at this thread's next full collection, which an idle
// thread may never reach. This thread's heap holds little else, so one costs nothing. After a
// burst of statements, the parsed results are collected likewise once the database falls idle:
// the idle server's memory is then what it holds, not what it last produced.
const collect = collector();
collect();
const idle = collectWhenIdle({ collect });
const port = parentPort!;
const query = extendedQuery(pglite);

/** Plain fields of an error, so that it crosses the thread (a class does not). */
function describeError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: WorkerError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return fields;
}

const queue: QueryMessage[] = [];
/** The connection whose transaction holds the session. */
let owner: number | undefined;
let running = false;
let closing = false;

async function execute(message: QueryMessage): Promise<void> {
  try {
    const result = await query(message.sql, message.parameters);
    const inTransaction = pglite.isInTransaction();
    owner = inTransaction ? message.connection : undefined;
    port.postMessage({
      id: message.id,
      rows: result.rows,
      affectedRows: result.affectedRows,
      inTransaction,
    } satisfies WorkerMessage);
  } catch (error) {
    const inTransaction = pglite.isInTransaction();
    owner = inTransaction ? message.connection : undefined;
    port.postMessage({
      id: message.id,
      error: describeError(error),
      inTransaction,
    } satisfies WorkerMessage);
  }
}

/** The next query allowed to run: the owner's if a transaction is open, else the oldest. */
function next(): QueryMessage | undefined {
  const index = owner === undefined ? 0 : queue.findIndex((m) => m.connection === owner);
  return index < 0 ? undefined : queue.splice(index, 1)[0];
}

async function drain(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (let message = next(); message; message = next()) {
      await execute(message);
      idle.worked();
    }
  } finally {
    running = false;
  }
  if (closing && queue.length === 0) await close();
}

async function close(): Promise<void> {
  closing = false;
  idle.stop();
  await pglite.close();
  port.postMessage({ closed: true } satisfies WorkerMessage);
}

port.on('message', (message: ParentMessage) => {
  if ('sql' in message) {
    queue.push(message);
  } else if ('release' in message) {
    // Kysely ends its transactions before releasing; a connection released inside one (its
    // holder failed between statements) must not keep the session from everyone else.
    if (owner === message.release)
      queue.unshift({ id: -1, connection: owner, sql: 'rollback', parameters: [] });
  } else if ('close' in message) {
    closing = true;
  }
  void drain();
});
port.postMessage({ ready: true } satisfies WorkerMessage);
