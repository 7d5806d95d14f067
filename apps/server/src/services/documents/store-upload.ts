/**
 * Stores one uploaded file (docs/decisions/0018-documents-streamed-and-sniffed.md), whatever it is for and however it came:
 * a multipart part (document upload) or bytes decoded from a JSON body (termination request,
 * `storeFileBytes`). Enforces:
 * - the name carries no path and no control character (`../x.pdf` is refused, not silently cut);
 * - the type comes from the file's first bytes and must be one of contract upload-types.ts,
 *   agree with the name's extension and with the declared Content-Type; an empty file is
 *   refused; a name that claims an accepted type over other bytes (a text file renamed .pdf)
 *   is refused as 'contentMismatch', which says so (docs/decisions/0047-upload-outcome-on-the-item.md);
 * - an image (PNG, JPEG) whose header gives no size is refused as 'unreadableImage', one over
 *   the contract's pixel limits (imageWithinLimits) as 'imageTooLarge' with its size, both
 *   before a byte is stored (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md);
 * - the bytes are streamed into storage under a generated key, never buffered whole, and more
 *   than MAX_UPLOAD_BYTES is refused while streaming, leaving nothing stored;
 * - the key's intent is committed before the put; the caller deletes it in the transaction that
 *   records the file (docs/decisions/0054-storage-intents.md);
 * - a refused part is still read to its end, so the rest of the request can arrive.
 * Each refusal is an UploadRefusedError with its reason.
 */
import { Readable } from 'node:stream';
import {
  imageTooLargeRefusal,
  imageWithinLimits,
  MAX_UPLOAD_BYTES,
  uploadTypeByExtension,
} from '@espace/contract';
import { UploadRefusedError, type UploadRefusal } from '../errors';
import { readImageSize } from '../../platform/images/image-size';
import { uploadBytes, uploads } from '../../platform/metrics/metrics';
import {
  extensionMatches,
  readHead,
  sanitizeFileName,
  sniffAllowedType,
  sniffedContentType,
} from '../../platform/storage/sniff';
import type { Db } from '../../db/client';
import { discardStored, putWithIntent } from '../../platform/storage/intents';
import {
  newStorageKey,
  StoredFileTooLargeError,
  type DocumentStorage,
} from '../../platform/storage/storage';

/** Where a file goes: the database records its intent (storage/intents.ts), the store its bytes. */
export interface StoreDeps {
  db: Db;
  storage: DocumentStorage;
}

/** A file as it arrives: its name, its declared type, its bytes. */
export interface IncomingFile {
  /** The name as the customer's system gave it. */
  filename: string;
  /** The Content-Type the browser declared. */
  mimetype: string;
  /** The bytes; `truncated` is set when the multipart parser stopped at its size limit. */
  file: Readable & { truncated: boolean };
}

/** A file part of a multipart body, as @fastify/multipart's `request.parts()` yields it. */
export interface UploadFilePart extends IncomingFile {
  type: 'file';
  fieldname: string;
}

/** A stored file, as the database records it. */
export interface StoredUpload {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
  /** The customer's name made safe to store and to send back (sniff.ts). */
  originalName: string;
}

/** A name as the customer's system gave it: one segment, no control characters. */
function isPlainFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.trim() !== '' && !/[/\\\u0000-\u001f\u007f]/.test(name);
}

/** Stream errors that mean the request did not arrive whole (cut connection, truncated body). */
export function isIncompleteBody(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    e?.code === 'ECONNRESET' ||
    e?.message === 'aborted' ||
    (e?.message?.includes('terminated early') ?? false) ||
    (e?.message?.includes('Unexpected end of') ?? false)
  );
}

/** The multipart parser's refusal of a file past its `files` limit (MAX_FILES_PER_REQUEST). */
export function isFilesLimit(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT';
}

/**
 * The multipart parser's (busboy's) refusals of a body it cannot read: no boundary, a malformed
 * part header, a content type it does not parse. They are the client's fault (400), not ours.
 */
export function isMalformedMultipart(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    (message.startsWith('Multipart: ') ||
      message.startsWith('Malformed ') ||
      message.startsWith('Unsupported content type'))
  );
}

/** Stores `part` (the checks above), counting what was stored or why it was refused (metrics). */
export async function storeUploadedFile(
  deps: StoreDeps,
  part: IncomingFile,
): Promise<StoredUpload> {
  try {
    const stored = await checkAndStore(deps, part);
    uploads.inc({ outcome: 'stored' });
    uploadBytes.inc({}, stored.size);
    return stored;
  } catch (error) {
    if (error instanceof UploadRefusedError) uploads.inc({ outcome: error.reason });
    throw error;
  }
}

async function checkAndStore(deps: StoreDeps, part: IncomingFile): Promise<StoredUpload> {
  const name = part.filename;
  if (!isPlainFileName(name)) {
    part.file.resume();
    throw new UploadRefusedError('invalidName');
  }
  const { head, stream } = await readHead(part.file);
  const refuse = (reason: UploadRefusal) => {
    stream.resume(); // the rest of the part must still be read for the request to end
    return new UploadRefusedError(reason);
  };
  if (head.length === 0) throw refuse('emptyFile');
  const sniffed = await sniffAllowedType(head);
  if (!sniffed) throw refuse(uploadTypeByExtension(name) ? 'contentMismatch' : 'typeNotAllowed');
  if (!extensionMatches(name, sniffed)) throw refuse('contentMismatch');
  const contentType = sniffedContentType(sniffed);
  if (part.mimetype.toLowerCase() !== contentType) throw refuse('typeNotAllowed');
  const body = sniffed === 'pdf' ? stream : await imageWithinPixelLimits(part, stream, sniffed);

  const key = newStorageKey();
  let result;
  try {
    result = await putWithIntent(deps, key, body, { maxBytes: MAX_UPLOAD_BYTES });
  } catch (error) {
    if (error instanceof StoredFileTooLargeError) throw new UploadRefusedError('tooLarge');
    if (isIncompleteBody(error)) throw new UploadRefusedError('incomplete');
    throw error;
  }
  // Busboy stops at `fileSize` and marks the part truncated: the stored copy is incomplete.
  if (part.file.truncated) {
    await discardStored(deps, [key]);
    throw new UploadRefusedError('tooLarge');
  }
  return { key, ...result, contentType, originalName: sanitizeFileName(name) };
}

/** The image's stream, read until its size is known; refused when unreadable or over the limits. */
async function imageWithinPixelLimits(
  part: IncomingFile,
  source: Readable,
  type: 'png' | 'jpeg',
): Promise<Readable> {
  let stream;
  let size;
  try {
    ({ size, stream } = await readImageSize(source, type, MAX_UPLOAD_BYTES));
  } catch (error) {
    if (isIncompleteBody(error)) throw new UploadRefusedError('incomplete');
    throw error;
  }
  // Not known within MAX_UPLOAD_BYTES: storing refuses the file as too large.
  if (size === undefined || (size !== 'unreadable' && imageWithinLimits(size.width, size.height)))
    return stream;
  stream.resume();
  // Cut by the parser at its size limit before the size came: too large, not unreadable.
  if (size === 'unreadable' && part.file.truncated) throw new UploadRefusedError('tooLarge');
  if (size === 'unreadable') throw new UploadRefusedError('unreadableImage');
  throw new UploadRefusedError('imageTooLarge', imageTooLargeRefusal(size.width, size.height));
}

/** A file that arrived whole (base64 in a JSON body): the same checks, from a stream of its bytes. */
export function storeFileBytes(
  deps: StoreDeps,
  file: { fileName: string; declaredType: string; bytes: Uint8Array },
): Promise<StoredUpload> {
  return storeUploadedFile(deps, {
    filename: file.fileName,
    mimetype: file.declaredType,
    file: Object.assign(Readable.from([file.bytes]), { truncated: false }),
  });
}
