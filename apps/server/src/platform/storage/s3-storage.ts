/**
 * Documents in an S3-compatible object store (docs/decisions/0018-documents-streamed-and-sniffed.md), so that
 * several server instances share them. It enforces the `DocumentStorage` contract of storage.ts:
 * - only generated keys are accepted (`assertStorageKey`), used as object names under `prefix`;
 * - `put` streams the body through `measureStream` (size, SHA-256, `maxBytes`) into a multipart
 *   upload (`Upload` of @aws-sdk/lib-storage), which sends parts as they fill and never holds
 *   the whole file; a body shorter than one part is sent with one PutObject once it has ended.
 *   On a stream error or past `maxBytes` the upload is aborted: an S3 object only appears when
 *   its upload completes, so a refused or broken upload leaves nothing visible;
 * - `get` streams the object's body; a missing key is `StoredFileNotFoundError`;
 * - `delete` is idempotent, `exists` is a HEAD.
 * Checksums are computed only where S3 requires them, so stores that do not know the newer
 * checksum headers (MinIO, Garage, s3rver in the tests) work too.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, type Readable } from 'node:stream';
import {
  assertStorageKey,
  measureStream,
  StoredFileNotFoundError,
  type DocumentStorage,
  type PutOptions,
  type PutResult,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Garage, a cloud provider's); AWS itself when undefined. */
  endpoint?: string | undefined;
  /** Credentials; when undefined, the SDK's usual chain (AWS_ACCESS_KEY_ID… environment). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key. */
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. 'documents/'. */
  prefix?: string;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}

export class S3DocumentStorage implements DocumentStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle ?? false,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }

  async put(
    key: string,
    body: Readable | AsyncIterable<Uint8Array>,
    { maxBytes }: PutOptions,
  ): Promise<PutResult> {
    const Key = this.objectKey(key);
    const measure = measureStream(maxBytes);
    let streamError: Error | undefined;
    // pipeline (not pipe) carries a failure of the incoming stream into `measure`, which the
    // upload reads: the upload then fails and aborts.
    pipeline(body, measure, (error) => {
      if (error) streamError = error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: measure },
      // 5 MiB parts (S3's smallest), one at a time: a few MiB of memory per upload at most.
      queueSize: 1,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      measure.destroy();
      if (streamError) throw streamError;
      throw error;
    }
    if (streamError) {
      // The body failed after the last part was sent: do not keep what was completed.
      await this.delete(key).catch(() => undefined);
      throw streamError;
    }
    return measure.result();
  }

  async get(key: string): Promise<Readable> {
    const Key = this.objectKey(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!Body) throw new StoredFileNotFoundError(key);
      // In Node.js the SDK's body is an IncomingMessage, a Readable.
      return Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Releases the client's sockets (graceful shutdown). */
  async close(): Promise<void> {
    this.client.destroy();
  }
}
