/**
 * Receives one uploaded file (SPEC §5, §7 uploadfile; ARCHITECTURE.md decision 5). Enforces:
 * - the parts are read in order and `fileType` must come before `upfile` (browsers send fields
 *   in append order), so the target is known before a byte of the file is stored;
 * - `fileType` is a document to provide of the policy or 'autre', and still open to uploads;
 * - the name carries no path (`../x.pdf` is refused, not silently cut);
 * - the type comes from the file's first bytes (pdf, png, jpeg), must agree with the name's
 *   extension and with the declared Content-Type; an empty file is refused;
 * - the bytes are streamed into storage under a generated key, never buffered whole, and
 *   more than 10,000,000 bytes is refused while streaming;
 * - the database row and the status change come after the file is stored, in one transaction;
 *   whatever fails (a refusal, a cut connection, the database) deletes the stored file.
 */
import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, uploadFileTypeSchema, type UploadResponse } from '@espace/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUploadTarget, recordReceivedFile, type UploadTarget } from '../../services/documents';
import {
  extensionMatches,
  readHead,
  sanitizeFileName,
  SNIFFED_CONTENT_TYPES,
  sniffAllowedType,
} from '../../services/storage/sniff';
import { newStorageKey, StoredFileTooLargeError } from '../../services/storage/storage';
import { UploadRefusedError } from './upload-refused';

interface StoredPart {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
  originalName: string;
}

/** A name as the customer's system gave it: one segment, no control characters. */
function isPlainFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.trim() !== '' && !/[/\\\u0000-\u001f\u007f]/.test(name);
}

/** Stream errors that mean the request did not arrive whole (cut connection, truncated body). */
function isIncompleteBody(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    e?.code === 'ECONNRESET' ||
    e?.message === 'aborted' ||
    (e?.message?.includes('terminated early') ?? false) ||
    (e?.message?.includes('Unexpected end of') ?? false)
  );
}

async function resolveTarget(app: FastifyInstance, policyNumber: string, raw: string) {
  const parsed = uploadFileTypeSchema.safeParse(raw);
  const target = parsed.success
    ? await findUploadTarget(app.db, policyNumber, parsed.data)
    : undefined;
  if (!target) throw new UploadRefusedError('unknownFileType');
  if (target.kind === 'document' && !target.eligible) throw new UploadRefusedError('notUploadable');
  return target;
}

async function storePart(app: FastifyInstance, part: MultipartFile): Promise<StoredPart> {
  const name = part.filename;
  if (!isPlainFileName(name)) {
    part.file.resume();
    throw new UploadRefusedError('invalidName');
  }
  const { head, stream } = await readHead(part.file);
  const refuse = (reason: UploadRefusedError['reason']) => {
    stream.resume(); // the rest of the part must still be read for the request to end
    return new UploadRefusedError(reason);
  };
  if (head.length === 0) throw refuse('emptyFile');
  const sniffed = await sniffAllowedType(head);
  if (!sniffed) throw refuse('typeNotAllowed');
  if (!extensionMatches(name, sniffed)) throw refuse('contentMismatch');
  const contentType = SNIFFED_CONTENT_TYPES[sniffed];
  if (part.mimetype.toLowerCase() !== contentType) throw refuse('typeNotAllowed');

  const key = newStorageKey();
  let result;
  try {
    result = await app.storage.put(key, stream, { maxBytes: MAX_UPLOAD_BYTES });
  } catch (error) {
    if (error instanceof StoredFileTooLargeError) throw new UploadRefusedError('tooLarge');
    if (isIncompleteBody(error)) throw new UploadRefusedError('incomplete');
    throw error;
  }
  // Busboy stops at `fileSize` and marks the part truncated: the stored copy is incomplete.
  if (part.file.truncated) {
    await app.storage.delete(key);
    throw new UploadRefusedError('tooLarge');
  }
  return { key, ...result, contentType, originalName: sanitizeFileName(name) };
}

export async function receiveUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  policyNumber: string,
): Promise<UploadResponse> {
  let target: UploadTarget | undefined;
  let stored: StoredPart | undefined;
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'fileType' && !stored)
            target = await resolveTarget(app, policyNumber, String(part.value));
          continue;
        }
        if (part.fieldname !== 'upfile' || stored) {
          part.file.resume();
          continue;
        }
        if (!target) {
          part.file.resume();
          throw new UploadRefusedError('fieldsOrder');
        }
        stored = await storePart(app, part);
      }
    } catch (error) {
      if (isIncompleteBody(error)) throw new UploadRefusedError('incomplete');
      throw error;
    }
    if (!target) throw new UploadRefusedError('unknownFileType');
    if (!stored) throw new UploadRefusedError('missingFile');
    const id = randomUUID();
    const received = await recordReceivedFile(app.db, {
      id,
      policyNumber,
      target,
      originalName: stored.originalName,
      contentType: stored.contentType,
      storageKey: stored.key,
      size: stored.size,
      sha256: stored.sha256,
    });
    return { id, fileName: stored.originalName, created: received.toISOString() };
  } catch (error) {
    if (stored) await app.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}
