// The folder store's refusal when the temporary file is slow to open (a busy machine): the
// put is refused before the open completes, and `pipeline` may settle before the file's stream
// has opened or closed (nodejs/node#51540). Nothing may be left once `put` has rejected, the
// moment the caller answers its 413 (docs/decisions/0018-documents-streamed-and-sniffed.md).
import type * as NodeFs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FsDocumentStorage } from './fs-storage';
import { newStorageKey, StoredFileTooLargeError } from './storage';

const OPEN_DELAY_MS = 100;

// Every write stream the store creates opens its file OPEN_DELAY_MS late.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const slowOpen = (...args: Parameters<typeof fs.open>) => {
    setTimeout(() => fs.open(...args), OPEN_DELAY_MS);
  };
  // fsync too: the store's streams flush before they close.
  const slowFs = {
    open: slowOpen,
    write: fs.write,
    writev: fs.writev,
    close: fs.close,
    fsync: fs.fsync,
  };
  return {
    ...fs,
    createWriteStream: (file: string, options: object) =>
      fs.createWriteStream(file, { ...options, fs: slowFs }),
  };
});

let dir: string;
let storage: FsDocumentStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'espace-storage-'));
  storage = new FsDocumentStorage(dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('a file refused before its temporary file is open leaves nothing once put has rejected', async () => {
  const tooLarge = Readable.from([Buffer.alloc(11)]);
  await expect(storage.put(newStorageKey(), tooLarge, { maxBytes: 10 })).rejects.toThrow(
    StoredFileTooLargeError,
  );
  expect(await readdir(dir)).toEqual([]);
  // The late open must not create the temporary file after the refusal either.
  await new Promise((resolve) => setTimeout(resolve, 2 * OPEN_DELAY_MS));
  expect(await readdir(dir)).toEqual([]);
});

it('a file stored with a slow open is stored whole', async () => {
  const key = newStorageKey();
  await storage.put(key, Readable.from([Buffer.from('complet')]), { maxBytes: 10 });
  expect(await readdir(dir)).toEqual([key]);
});
