// On Node 22 a start keeps the modules' compiled code in the data folder, owner-only, written as
// soon as the server listens so that even a killed process leaves it for the next start
// (server.ts, docs/decisions/0022-compiled-server.md). Node 20 has no such cache: nothing is written.
import nodeModule from 'node:module';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPortal, stopped, type Portal } from '../support/portal-process';

const supported = 'enableCompileCache' in nodeModule;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function start(): Promise<{ portal: Portal; folder: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-compile-cache-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const portal = await startPortal({ DATA_DIR: dataDir, DEMO_MODE: 'true' });
  cleanup.push(() => stopped(portal.child, 'SIGKILL'));
  return { portal, folder: path.join(dataDir, 'compile-cache') };
}

describe(`the compiled modules kept between starts (Node ${process.versions.node})`, () => {
  it.runIf(supported)(
    'are in the data folder, owner-only, once the server answers, even if it is killed then',
    { timeout: 120_000 },
    async () => {
      const { portal, folder } = await start();
      await stopped(portal.child, 'SIGKILL');
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile());
      // Fastify, the provider, the application's own modules: hundreds of entries.
      expect(files.length).toBeGreaterThan(100);
      const modes = new Set(
        await Promise.all(
          files.map(
            async (file) => (await stat(path.join(file.parentPath, file.name))).mode & 0o777,
          ),
        ),
      );
      expect([...modes]).toEqual([0o600]);
    },
  );

  it.skipIf(supported)(
    'are not written where Node has no compile cache',
    { timeout: 120_000 },
    async () => {
      const { portal, folder } = await start();
      await stopped(portal.child, 'SIGTERM');
      await expect(stat(folder)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );
});
