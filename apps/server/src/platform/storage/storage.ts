/**
 * Where uploaded and seeded documents live (docs/decisions/0018-documents-streamed-and-sniffed.md). The database keeps the
 * metadata (policy, original name, sniffed type, size, sha256); a `DocumentStorage` keeps only
 * the bytes, under a key the server generated with `newStorageKey()`.
 *
 * Contract every implementation enforces:
 * - `put(key, stream, { maxBytes })` streams the bytes to storage without buffering the whole
 *   file and resolves `{ size, sha256 }` (hex) once the object is durably visible under `key`.
 *   If the stream errors, or carries more than `maxBytes` bytes (→ `StoredFileTooLargeError`),
 *   it rejects and leaves nothing behind: no object under `key`, no partial or temporary file.
 *   A `put` on an existing key replaces the object as a whole; readers never see a mix.
 * - `get(key)` resolves a stream of the object's bytes, or rejects with `StoredFileNotFoundError`
 *   when there is none (the caller answers 404, never 500).
 * - `delete(key)` removes the object; deleting a missing key is not an error (idempotent).
 * - `exists(key)` tells whether an object is stored under `key`.
 * - Every method rejects with `InvalidStorageKeyError` when `key` is not one that
 *   `newStorageKey()` could have produced, so a key can never name a path outside the store.
 *
 * S3-compatible storage plugs in behind the same interface (`s3-storage.ts` next to
 * `fs-storage.ts`, chosen by S3_BUCKET in create-storage.ts): `put` pipes the stream through the same counting
 * and hashing transform as the filesystem store (`measureStream` below) into a multipart upload
 * with `Upload` from `@aws-sdk/lib-storage`, which sends parts as they fill and, on error, calls
 * `abort()` so the incomplete multipart upload is discarded (nothing becomes visible: an S3
 * object appears only when the upload completes). `get` is `GetObjectCommand` (its `Body` is a
 * Node `Readable`; a `NoSuchKey` error becomes `StoredFileNotFoundError`), `delete` is
 * `DeleteObjectCommand` (already idempotent), `exists` is `HeadObjectCommand` (404 → false).
 * Keys are used as object names, optionally under a configured prefix.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';

export interface PutOptions {
  /** Largest number of bytes accepted; one more and `put` rejects. */
  maxBytes: number;
}

export interface PutResult {
  size: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
}

export interface DocumentStorage {
  put(
    key: string,
    body: Readable | AsyncIterable<Uint8Array>,
    options: PutOptions,
  ): Promise<PutResult>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections at shutdown (the S3 client's sockets); optional. */
  close?(): Promise<void>;
}

/** Generated keys are lower-case UUIDs v4: nothing the customer typed ever reaches a path. */
export const STORAGE_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function newStorageKey(): string {
  return randomUUID();
}

export class InvalidStorageKeyError extends Error {
  override readonly name = 'InvalidStorageKeyError';
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

export class StoredFileNotFoundError extends Error {
  override readonly name = 'StoredFileNotFoundError';
  constructor(readonly key: string) {
    super(`No stored file under key ${key}`);
  }
}

export class StoredFileTooLargeError extends Error {
  override readonly name = 'StoredFileTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`Stored file exceeds ${maxBytes} bytes`);
  }
}

/** Throws `InvalidStorageKeyError` unless `key` matches `STORAGE_KEY_PATTERN`. */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(key);
}

/** A pass-through that counts and hashes the bytes, and fails past `maxBytes`. */
export interface MeasuringStream extends Transform {
  /** Size and hash of what went through; call once, after the stream has finished. */
  result(): PutResult;
}

export function measureStream(maxBytes: number): MeasuringStream {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new StoredFileTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { result: () => ({ size, sha256: hash.digest('hex') }) });
}
