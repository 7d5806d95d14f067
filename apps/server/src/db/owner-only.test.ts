// ownerOnly walks a data folder that the database may be changing beside it (start-up.ts opens
// PGlite while the folder's modes are set): a file or folder removed between the listing and its
// chmod is skipped, every other one still gets its mode.
import type * as NodeFsPromises from 'node:fs/promises';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ownerOnly } from './owner-only';

/** Paths removed for real just before ownerOnly's chmod reaches them. */
const vanishing = new Set<string>();

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFsPromises>();
  return {
    ...fs,
    chmod: async (target: string, mode: number) => {
      if (vanishing.has(target)) await fs.rm(target, { recursive: true, force: true });
      return fs.chmod(target, mode);
    },
  };
});

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'espace-owner-only-'));
  vanishing.clear();
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

it('sets folders 0700 and files 0600, skipping what goes during the walk', async () => {
  await mkdir(path.join(dir, 'base', '5'), { recursive: true, mode: 0o755 });
  await mkdir(path.join(dir, 'gone-folder'), { mode: 0o755 });
  await writeFile(path.join(dir, 'gone-folder', 'x'), 'x', { mode: 0o644 });
  await writeFile(path.join(dir, 'base', '5', '16769'), 'relation', { mode: 0o644 });
  await writeFile(path.join(dir, 'base', '5', '16770'), 'relation', { mode: 0o644 });
  vanishing.add(path.join(dir, 'base', '5', '16769'));
  vanishing.add(path.join(dir, 'gone-folder'));

  await ownerOnly(dir);

  expect(await modeOf(dir)).toBe(0o700);
  expect(await modeOf(path.join(dir, 'base', '5'))).toBe(0o700);
  expect(await modeOf(path.join(dir, 'base', '5', '16770'))).toBe(0o600);
});

it('still fails on any other error', async () => {
  await writeFile(path.join(dir, 'a-file'), 'x');
  await expect(ownerOnly(path.join(dir, 'a-file'))).rejects.toThrow();
});
