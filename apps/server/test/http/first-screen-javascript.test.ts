// The policies page's JavaScript as the portal's build ships it (decision 0114): at most 100 KiB
// gzip, and not the validation library, which stays with the forms' screens. The bench
// (bench/bundle-size.ts) prints the figure; this test stops a change that breaks it, such as a
// constant the entry reads from a contract module that loads zod. The portal is built here into
// a folder of its own, with the build's own configuration.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenFiles } from '../../src/http/spa-manifest';

const web = path.resolve(import.meta.dirname, '../../../web');
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'espace-first-screen-'));
  await promisify(execFile)('npx', ['vite', 'build', '--logLevel', 'error'], {
    cwd: web,
    // Vitest runs with NODE_ENV=test, which would build React's development files.
    env: { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: dist },
  });
}, 120_000);

afterAll(() => rm(dist, { recursive: true, force: true }));

describe('the policies page’s JavaScript, as built', () => {
  it('weighs at most 100 KiB gzip and holds no validation library', async () => {
    const { scripts } = firstScreenFiles(dist);
    expect(scripts.length).toBeGreaterThan(0);
    let gzipBytes = 0;
    for (const file of scripts) {
      const content = await readFile(path.join(dist, file));
      gzipBytes += gzipSync(content, { level: 9 }).length;
      // zod's error class, its core's configuration (which the contract's zod.ts sets, and a
      // first-screen module importing a schema module brings), and the contract's French messages.
      const holdsZod = /ZodError|__zod_globalConfig|caractères non autorisés/.test(
        content.toString('utf8'),
      );
      expect(holdsZod, `${file} holds the validation library`).toBe(false);
    }
    expect(gzipBytes / 1024).toBeLessThanOrEqual(100);
  });
});
