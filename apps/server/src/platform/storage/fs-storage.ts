/**
 * The default document store: a folder on disk (docs/decisions/0018-documents-streamed-and-sniffed.md), by default
 * `<dataDir>/documents`, which nothing serves over HTTP. It enforces the `DocumentStorage`
 * contract of storage.ts:
 * - only generated keys (`STORAGE_KEY_PATTERN`) are accepted, so no key can reach a path
 *   outside the folder;
 * - bytes are streamed to a temporary file in the same folder, flushed to disk, then renamed
 *   onto the key: rename is atomic on one filesystem, so a reader sees the old file or the new
 *   one, never a partial one;
 * - on a stream error or past `maxBytes` the temporary file is removed before `put` rejects,
 *   once its stream has closed, so nothing of it is left once the refusal is answered;
 * - the caller records a file's row only once `put` has resolved, so a crash can leave a file
 *   without a row, never a row without a file; `sweep` at start removes such files and every
 *   temporary file, whatever its age.
 * One instance owns the folder; several server instances need object storage instead.
 */
import { createWriteStream, type Stats, type WriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  STORAGE_KEY_PATTERN,
  measureStream,
  StoredFileNotFoundError,
  type DocumentStorage,
  type PutOptions,
  type PutResult,
} from './storage';

/** Temporary files start with a dot and end with this suffix; they never match a key. */
const TEMP_SUFFIX = '.part';

/** The default folder of documents, inside the data folder. */
export function documentsFolder(dataDir: string): string {
  return path.join(dataDir, 'documents');
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes a failed put's temporary file once its stream has closed. On an error, `pipeline`
 * may settle before the file's stream has even opened (nodejs/node#51540): removed then, the
 * file would be created a moment later and stay, and the refusal would be answered first.
 */
async function removeTemporary(file: WriteStream, temp: string): Promise<void> {
  if (!file.closed) {
    // Not events.once: it would reject on the stream's own 'error', which pipeline reported.
    const closed = new Promise<void>((resolve) => file.once('close', () => resolve()));
    file.on('error', () => undefined).destroy();
    await closed;
  }
  await rm(temp, { force: true });
}

export class FsDocumentStorage implements DocumentStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  async put(
    key: string,
    body: Readable | AsyncIterable<Uint8Array>,
    { maxBytes }: PutOptions,
  ): Promise<PutResult> {
    const target = this.pathOf(key);
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const temp = path.join(this.root, `.${key}.${randomUUID()}${TEMP_SUFFIX}`);
    const measure = measureStream(maxBytes);
    // 'wx': never follow or reuse an existing file; flush: fsync before the rename.
    const file = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await pipeline(body, measure, file);
      await rename(temp, target);
      // The rename itself is made durable: a row committed next never names a lost file.
      await syncFolder(this.root);
    } catch (error) {
      await removeTemporary(file, temp);
      throw error;
    }
    return measure.result();
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      // Opening first turns a missing file into a named error instead of a stream error.
      const handle = await open(file, 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    let stats: Stats;
    try {
      stats = await stat(file);
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    return stats.isFile();
  }

  /**
   * Removes what a process that died mid-upload left behind: every temporary file, whatever
   * its age, and every stored file whose key no database row references (a file renamed onto
   * its key but whose row was never committed). Call at start, before the server listens, so
   * that no upload of this process is in flight. Returns how many files went.
   */
  async sweep(referencedKeys: ReadonlySet<string>): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch (error) {
      if (isNotFound(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const temporary = name.startsWith('.') && name.endsWith(TEMP_SUFFIX);
      const orphan = STORAGE_KEY_PATTERN.test(name) && !referencedKeys.has(name);
      if (!temporary && !orphan) continue;
      await rm(path.join(this.root, name), { force: true });
      removed += 1;
    }
    return removed;
  }
}
