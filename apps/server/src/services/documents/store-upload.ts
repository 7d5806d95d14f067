/**
 * Stores one uploaded file (docs/decisions/0018-documents-streamed-and-sniffed.md), whatever it is for and however it came:
 * a multipart part (document upload) or bytes decoded from a JSON body (termination request,
 * `storeFileBytes`). Enforces:
 * - the name carries no path and no control character (`../x.pdf` is refused, not silently cut);
 * - the type comes from the file's first bytes and must be one of contract upload-types.ts,
 *   agree with the name's extension and with the declared Content-Type; an empty file is
 *   refused; a name that claims an accepted type over other bytes (a text file renamed .pdf)
 *   is refused as 'contentMismatch', which says so (docs/decisions/0047-upload-outcome-on-the-item.md);
 * - an image (PNG, JPEG) is refused over the contract's pixel limits or unreadable, and stored
 *   without its metadata (image-upload.ts: docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md,
 *   docs/decisions/0131-every-customer-image-without-metadata.md): this is the one place where
 *   every file a customer sends, with whatever request, is stored;
 * - a PDF is streamed into storage as sent, never buffered whole (an image, 10 MB at most, is read
 *   whole to be walked); more than MAX_UPLOAD_BYTES is refused, leaving nothing stored;
 * - the key's intent is committed before the put; the caller deletes it in the transaction that
 *   records the file (docs/decisions/0054-storage-intents.md);
 * - a refused part is still read to its end, so the rest of the request can arrive.
 * Each refusal is an UploadRefusedError with its reason.
 */
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, uploadTypeByExtension } from '@espace/contract';
import { UploadRefusedError, type UploadRefusal } from '../errors';
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
import { isIncompleteBody } from './body-errors';
import { storableImage } from './image-upload';

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
  const body = sniffed === 'pdf' ? stream : await storableImage(part, stream, sniffed);

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
