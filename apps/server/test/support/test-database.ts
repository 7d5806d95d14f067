// A throw-away database per test file: a copy of the run's template (template.ts), already
// migrated, seeded and loaded with the content, so buildApp finds nothing left to do.
import { randomBytes } from 'node:crypto';
import { cp, readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type {} from './provided'; // the type of inject('testTemplates')
import { openDatabase, openPgliteWorker, type DatabaseHandle } from '../../src/db/client';
import type { BackendName } from './backends';
import { openPglite } from './pglite';
import { adminQuery, postgresUrl } from './postgres';
import { scratchDir } from './scratch';
import { testDatabaseName } from './template';

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * The template's dump as PGlite reads it (`await loadDataDir.arrayBuffer()`), handed over from
 * bytes already in memory: Node's Blob reads its 44 MB back in chunks and joins them, a third of
 * the time PGlite takes to open a copy. Every in-process copy reads the same bytes: PGlite's
 * loadTar only reads them, and its untar slices each file out (a copy) before writing it to the
 * copy's in-memory files. A fresh 44 MB buffer per copy cost about 10,000 page faults and a
 * quarter of the copy's CPU time (docs/decisions/0165-the-gate-is-budgeted-in-cpu-time.md).
 */
class DumpBytes extends Blob {
  readonly #dump: Uint8Array;
  constructor(file: Buffer) {
    super([]);
    // A Uint8Array of its own: PGlite's untar views `bytes.buffer` whole, ignoring a Buffer's
    // offset into Node's pool.
    this.#dump = new Uint8Array(file);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#dump.buffer as ArrayBuffer);
  }
  /** Bytes of its own, for a copy in a worker thread: the message transfers them. */
  copy(): Uint8Array {
    return this.#dump.slice();
  }
}

let pgliteDump: Promise<DumpBytes> | undefined;

/**
 * TEST_PGLITE_WORKER=true runs every PGlite copy in its worker thread, as the server runs PGlite
 * on a data folder (db/pglite-worker-dialect.ts), to prove that path on the whole API suite; by
 * default the copies stay in process, which is quicker to open.
 */
const IN_WORKER = process.env.TEST_PGLITE_WORKER === 'true';

async function openPgliteCopy(): Promise<DatabaseHandle> {
  pgliteDump ??= readFile(inject('testTemplates').pgliteDump).then((bytes) => new DumpBytes(bytes));
  const dump = await pgliteDump;
  if (IN_WORKER) return openPgliteWorker({ dataDir: undefined, loadDataDir: dump.copy() });
  return (await openPglite(dump)).handle;
}

/**
 * The databases this worker's files are done with, dropped a batch at a time. PostgreSQL (15 and
 * before) makes each `drop database` wait for an immediate checkpoint: every other test database's
 * dirty pages written out, and each of their pages logged whole at its next change. Dropped one per
 * test file, that doubled the server's CPU time in `test/routes/` (40 CPU-s instead of 18,
 * docs/decisions/0165-the-gate-is-budgeted-in-cpu-time.md). What is left when the run ends is
 * dropped then (template.ts), and what a killed run left, by the next run.
 */
const DROP_BATCH = 10;
const finished: string[] = [];

async function dropWhenBatched(name: string): Promise<void> {
  finished.push(name);
  if (finished.length < DROP_BATCH) return;
  for (const done of finished.splice(0))
    await adminQuery(`drop database if exists ${done} with (force)`);
}

export async function createTestDatabase(backend: BackendName): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const handle = await openPgliteCopy();
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const template = inject('testTemplates').postgresTemplate;
  if (!template) throw new Error('PostgreSQL did not answer when the run started');
  const name = testDatabaseName(template, randomBytes(6).toString('hex'));
  await adminQuery(`create database ${name} template ${template}`);
  const url = postgresUrl(name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await dropWhenBatched(name);
    },
  };
}

/**
 * A throw-away copy of the documents that the backend's template seed stored, removed when the
 * test file ends (scratch.ts).
 */
export async function copyTemplateDocuments(backend: BackendName): Promise<string> {
  const dir = scratchDir('espace-docs-');
  await cp(inject('testTemplates').documentsDirs[backend], dir, { recursive: true });
  return dir;
}
