// A crash leaves nothing behind, and the data folder is its owner's only. A real
// server process (server.ts, as `npm start` runs it) is killed with SIGKILL in the middle of an
// upload; a complete file without its row is also planted, as a kill between the rename and the
// commit would leave it (that window is too short to hit on purpose). After a restart, every
// stored file has its row and every row its file; folders are 0700 and files 0600 although the
// server was started with umask 022.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { referencedStorageKeys } from '../../src/platform/storage/sweep';
import { BACKENDS, type BackendName } from '../support/backends';
import { samplePdf } from '../support/documents';
import { DEMO, signIn, subjectOf } from '../support/harness';
import {
  killMidUpload,
  overHttp,
  startPortal,
  stopped,
  type Portal,
} from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { testConfig } from '../support/test-config';

/** Every mode under `folder` that is not 0700 (folders) or 0600 (files). */
async function looseModes(folder: string): Promise<string[]> {
  const loose: string[] = [];
  const mode = async (p: string) => (await stat(p)).mode & 0o777;
  if ((await mode(folder)) !== 0o700) loose.push(folder);
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const p = path.join(entry.parentPath, entry.name);
    const expected = entry.isDirectory() ? 0o700 : 0o600;
    if ((entry.isDirectory() || entry.isFile()) && (await mode(p)) !== expected)
      loose.push(`${p} ${(await mode(p)).toString(8)}`);
  }
  return loose;
}

describe.each(BACKENDS)('a server killed mid-upload on %s', (backend: BackendName) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(
    'keeps no file without row and no row without file after a restart',
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wt12-crash-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      const documentsDir = path.join(dataDir, 'documents');
      // The harness's sign-in speaks for a portal at http://localhost:3000 (its redirect URI).
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        DEMO_MODE: 'true',
        PUBLIC_URL: 'http://localhost:3000',
      };
      if (backend === 'postgres') {
        const name = `wt12_crash_${randomBytes(4).toString('hex')}`;
        await adminQuery(`create database ${name}`);
        cleanup.push(() => adminQuery(`drop database if exists ${name} with (force)`));
        env.DATABASE_URL = postgresUrl(name);
      }
      const umask = process.umask(0o022);
      let portal: Portal;
      try {
        portal = await startPortal(env);
      } finally {
        process.umask(umask);
      }
      cleanup.push(() => stopped(portal.child, 'SIGKILL'));

      const config = testConfig({ publicUrl: 'http://localhost:3000' });
      const token = (await signIn(overHttp(portal.url), config, DEMO.camille)).access_token;
      const accountId = subjectOf(token);

      await killMidUpload(portal, { token, accountId }, documentsDir);
      // What a kill between the rename and the commit leaves: a whole file under a key, no row.
      await writeFile(path.join(documentsDir, randomUUID()), await samplePdf());

      const restarted = await startPortal(env);
      cleanup.push(() => stopped(restarted.child, 'SIGKILL'));
      if (backend === 'pglite') await stopped(restarted.child, 'SIGTERM');

      const handle: DatabaseHandle = await openDatabase(
        backend === 'postgres'
          ? { databaseUrl: env.DATABASE_URL }
          : { pgliteDir: path.join(dataDir, 'pglite') },
      );
      try {
        const keys = await referencedStorageKeys(handle.db);
        expect((await readdir(documentsDir)).sort()).toEqual([...keys].sort());
      } finally {
        await handle.close();
      }
      expect(await looseModes(dataDir)).toEqual([]);
    },
  );
});
