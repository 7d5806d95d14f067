// A data folder the compiled server seeded, for the process tests that start the server on the
// demo data rather than test its first start: each gets a copy of it, and its server opens
// migrated, seeded data (about 1.9 CPU-s a start on the 2-core machine) instead of an empty folder
// (about 4.9: initdb, the migrations, the demo data). The folder is made once per run, by the first
// worker that asks (a lock directory says which), in the run's directory that global-setup.ts
// hands out and removes; the other workers wait for it. A test that is about a first start, or
// that needs keys or an environment of its own at seeding time, keeps its empty folder.
import { cp, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startPortal, stopped } from './portal-process';

/**
 * The environment the folder is seeded with, which a server on a copy must keep: NODE_ENV=test
 * (the tests' fixed secrets key, under which the seed sealed the provider's keys) and demo mode.
 */
export const SEEDED_ENV = { NODE_ENV: 'test', DEMO_MODE: 'true' } as const;

const WAIT_MS = 180_000;

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function seed(template: string, done: string, failed: string): Promise<void> {
  try {
    await mkdir(template);
    const portal = await startPortal({ ...SEEDED_ENV, DATA_DIR: template });
    await stopped(portal.child, 'SIGTERM');
    if (portal.child.exitCode !== 0)
      throw new Error(`The seeding server exited with ${portal.child.exitCode}`);
    await writeFile(done, '');
  } catch (err) {
    await writeFile(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
    throw err;
  }
}

/** The seeded folder of this run, made by this worker or another one. */
async function template(): Promise<string> {
  const run = inject('seededFolderRun');
  const folder = path.join(run, 'data');
  const done = path.join(run, 'done');
  const failed = path.join(run, 'failed');
  const ownsLock = await mkdir(path.join(run, 'lock')).then(
    () => true,
    () => false,
  );
  if (ownsLock) await seed(folder, done, failed);
  const deadline = Date.now() + WAIT_MS;
  while (!(await exists(done))) {
    if (await exists(failed))
      throw new Error(`The seeded folder could not be made:\n${await readFile(failed, 'utf8')}`);
    if (Date.now() > deadline)
      throw new Error(`The seeded folder was not ready after ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return folder;
}

/** A seeded folder's copy and what a server started on it needs in its environment. */
export interface SeededCopy {
  dataDir: string;
  env: typeof SEEDED_ENV & { DATA_DIR: string };
}

/**
 * A fresh copy of the run's seeded data folder, named after `prefix`, with the environment that
 * opens it (SEEDED_ENV and its DATA_DIR), so that no server starts on a copy without the key
 * its provider's secrets were sealed with; the caller removes the folder.
 */
export async function seededFolderCopy(prefix: string): Promise<SeededCopy> {
  const source = await template();
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(source, dataDir, { recursive: true });
  return { dataDir, env: { ...SEEDED_ENV, DATA_DIR: dataDir } };
}

/** An empty data folder, named after `prefix`, for a test's leg about a first start; the caller removes it. */
export async function emptyFolder(
  prefix: string,
): Promise<{ dataDir: string; env: { DATA_DIR: string } }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dataDir, env: { DATA_DIR: dataDir } };
}
