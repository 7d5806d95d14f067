import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentsFolder, FsDocumentStorage } from './fs-storage';
import { InvalidStorageKeyError, newStorageKey } from './storage';

let dataDir: string;
let storage: FsDocumentStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'espace-storage-'));
  storage = new FsDocumentStorage(documentsFolder(dataDir));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function chunked(...parts: string[]): Readable {
  return Readable.from(parts.map((part) => Buffer.from(part)));
}

// What every document store does (streaming, size limit, clean-up on failure, missing files) is
// storage-contract.test.ts, run against this folder store too; here only what is the folder's own.
describe('filesystem document storage', () => {
  it('keeps its files in <dataDir>/documents', () => {
    expect(storage.root).toBe(path.join(dataDir, 'documents'));
  });

  it.each([
    '../escape',
    '..',
    '',
    '/etc/passwd',
    `${'0'.repeat(8)}-0000-4000-8000-000000000000/../../x`,
    '..\\windows',
    'ABCDEF01-2345-4678-89AB-CDEF01234567',
    'document.pdf',
  ])('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, chunked('x'), { maxBytes: 10 })).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('sweeps every temporary file and every file no row references', async () => {
    const kept = newStorageKey();
    const orphan = newStorageKey();
    await storage.put(kept, chunked('kept'), { maxBytes: 10 });
    await storage.put(orphan, chunked('orphan'), { maxBytes: 10 });
    const stale = path.join(storage.root, `.${newStorageKey()}.x.part`);
    const fresh = path.join(storage.root, `.${newStorageKey()}.y.part`);
    await writeFile(stale, 'partial');
    await writeFile(fresh, 'partial');
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);

    expect(await storage.sweep(new Set([kept]))).toBe(3);
    expect(await readdir(storage.root)).toEqual([kept]);
  });
});
