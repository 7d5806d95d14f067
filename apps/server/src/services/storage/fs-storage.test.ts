import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentsFolder, FsDocumentStorage } from './fs-storage';
import {
  InvalidStorageKeyError,
  newStorageKey,
  StoredFileNotFoundError,
  StoredFileTooLargeError,
} from './storage';

let dataDir: string;
let storage: FsDocumentStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'espace-storage-'));
  storage = new FsDocumentStorage(documentsFolder(dataDir));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function chunked(...parts: string[]): Readable {
  return Readable.from(parts.map((part) => Buffer.from(part)));
}

async function* failingAfter(first: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(first);
  throw new Error('connection reset');
}

describe('filesystem document storage', () => {
  it('stores a stream under a generated key and reads the same bytes back', async () => {
    const key = newStorageKey();
    const result = await storage.put(key, chunked('%PDF-1.7 ', 'bonjour'), { maxBytes: 100 });

    const expected = Buffer.from('%PDF-1.7 bonjour');
    expect(result).toEqual({
      size: expected.length,
      sha256: createHash('sha256').update(expected).digest('hex'),
    });
    expect(await readAll(await storage.get(key))).toEqual(expected);
    expect(await storage.exists(key)).toBe(true);
    expect(await readdir(storage.root)).toEqual([key]);
  });

  it('keeps its files in <dataDir>/documents', () => {
    expect(storage.root).toBe(path.join(dataDir, 'documents'));
  });

  it('accepts exactly maxBytes', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, chunked('12345', '67890'), { maxBytes: 10 })).resolves.toEqual(
      expect.objectContaining({ size: 10 }),
    );
  });

  it('refuses a stream over maxBytes and leaves nothing behind', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, chunked('12345', '678901'), { maxBytes: 10 })).rejects.toThrow(
      StoredFileTooLargeError,
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await readdir(storage.root)).toEqual([]);
  });

  it('cleans up when the incoming stream fails', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, failingAfter('début'), { maxBytes: 100 })).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await readdir(storage.root)).toEqual([]);
  });

  it('a failed replacement leaves the stored file intact', async () => {
    const key = newStorageKey();
    await storage.put(key, chunked('version 1'), { maxBytes: 100 });
    await expect(storage.put(key, failingAfter('version 2'), { maxBytes: 100 })).rejects.toThrow();
    expect((await readAll(await storage.get(key))).toString()).toBe('version 1');
  });

  it('reports a missing file with a named error, and deleting it twice is fine', async () => {
    const key = newStorageKey();
    await expect(storage.get(key)).rejects.toThrow(StoredFileNotFoundError);
    await storage.put(key, chunked('x'), { maxBytes: 10 });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toThrow(StoredFileNotFoundError);
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
