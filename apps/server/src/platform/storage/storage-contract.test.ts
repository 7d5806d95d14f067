// The DocumentStorage contract (storage.ts), run against every adapter: the folder on disk and
// the S3 adapter talking to a real S3-protocol server on loopback (s3rver, test/support/s3-server.ts).
// What is specific to one adapter (the folder's temporary files) stays in its own test file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/support/s3-server';
import { FsDocumentStorage } from './fs-storage';
import { S3DocumentStorage } from './s3-storage';
import {
  InvalidStorageKeyError,
  newStorageKey,
  StoredFileNotFoundError,
  StoredFileTooLargeError,
  type DocumentStorage,
} from './storage';

interface Adapter {
  storage: DocumentStorage;
  /** Every object or file the store holds, whatever its name. */
  listAll(): Promise<string[]>;
  close(): Promise<void>;
}

async function folderAdapter(): Promise<Adapter> {
  const root = await mkdtemp(path.join(tmpdir(), 'espace-storage-'));
  return {
    storage: new FsDocumentStorage(root),
    listAll: () => readdir(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Adapter(): Promise<Adapter> {
  const server: TestS3Server = await startS3Server();
  const options = {
    endpoint: server.endpoint,
    region: server.region,
    credentials: server.credentials,
    forcePathStyle: true,
  };
  const storage = new S3DocumentStorage({ ...options, bucket: server.bucket, prefix: 'docs/' });
  const client = new S3Client(options);
  return {
    storage,
    async listAll() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    async close() {
      client.destroy();
      await storage.close();
      await server.close();
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const chunked = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => Buffer.from(p)));

async function* failingAfter(first: Buffer | string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(first);
  await new Promise((resolve) => setTimeout(resolve, 5));
  throw new Error('connection reset');
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each([
  ['folder', folderAdapter],
  ['S3 (s3rver)', s3Adapter],
] as const)('DocumentStorage contract: %s', (_name, open) => {
  let adapter: Adapter;
  let storage: DocumentStorage;
  beforeAll(async () => {
    adapter = await open();
    storage = adapter.storage;
  });
  afterAll(() => adapter.close());
  beforeEach(async () => {
    for (const name of await adapter.listAll()) {
      const key = name.replace(/^docs\//, '');
      await storage.delete(key);
    }
  });

  it('stores a stream under a generated key and reads the same bytes back', async () => {
    const key = newStorageKey();
    const result = await storage.put(key, chunked('%PDF-1.7 ', 'bonjour'), { maxBytes: 100 });
    const expected = Buffer.from('%PDF-1.7 bonjour');
    expect(result).toEqual({ size: expected.length, sha256: sha256(expected) });
    expect(await readAll(await storage.get(key))).toEqual(expected);
    expect(await storage.exists(key)).toBe(true);
    expect(await adapter.listAll()).toHaveLength(1);
  });

  it('streams a file of several parts (multipart upload on S3)', async () => {
    const key = newStorageKey();
    const parts = Array.from({ length: 12 }, () => randomBytes(1024 * 1024));
    const whole = Buffer.concat(parts);
    const result = await storage.put(key, Readable.from(parts), { maxBytes: whole.length });
    expect(result).toEqual({ size: whole.length, sha256: sha256(whole) });
    expect(sha256(await readAll(await storage.get(key)))).toBe(sha256(whole));
  });

  it('accepts exactly maxBytes', async () => {
    await expect(
      storage.put(newStorageKey(), chunked('12345', '67890'), { maxBytes: 10 }),
    ).resolves.toEqual(expect.objectContaining({ size: 10 }));
  });

  it('refuses a stream over maxBytes and leaves nothing behind', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, chunked('12345', '678901'), { maxBytes: 10 })).rejects.toThrow(
      StoredFileTooLargeError,
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await adapter.listAll()).toEqual([]);
  });

  it('refuses a large stream past maxBytes after some parts were sent, and leaves nothing', async () => {
    const key = newStorageKey();
    const parts = Array.from({ length: 8 }, () => randomBytes(1024 * 1024));
    await expect(
      storage.put(key, Readable.from(parts), { maxBytes: 7 * 1024 * 1024 }),
    ).rejects.toThrow(StoredFileTooLargeError);
    expect(await storage.exists(key)).toBe(false);
    expect(await adapter.listAll()).toEqual([]);
  });

  it('cleans up when the incoming stream fails', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, failingAfter('début'), { maxBytes: 100 })).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await adapter.listAll()).toEqual([]);
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

  it.each(['../escape', '', '/etc/passwd', 'ABCDEF01-2345-4678-89AB-CDEF01234567', 'doc.pdf'])(
    'refuses the key %j for every operation',
    async (key) => {
      await expect(storage.put(key, chunked('x'), { maxBytes: 10 })).rejects.toThrow(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
      expect(await adapter.listAll()).toEqual([]);
    },
  );
});
