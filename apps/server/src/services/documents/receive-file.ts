/**
 * Receives one file sent as multipart form data after a field that says what it is for: the
 * upload of a document to provide (docs/product/documents.md uploadfile) and any later form that takes
 * supporting files for a policy. Enforces:
 * - the parts are read in order and the target field must come before the file (browsers send
 *   fields in append order), so the target is known, and refused, before a byte is stored; the
 *   fields before the target field are handed to it (a new conversation's subject); a field cut
 *   at the parser's size limit is refused, never read cut;
 * - one file only (contract MAX_FILES_PER_REQUEST): a request with more files is refused as
 *   'tooManyFiles', the first file deleted; unknown parts are read and dropped;
 * - a missing target or file is refused (UploadRefusedError 'unknownFileType', 'missingFile');
 *   a request cut short is refused as 'incomplete', a body the parser cannot read (no
 *   boundary, a malformed part header) as 'malformed';
 * - the file is recorded only after it is stored; whatever fails after storing (a refusal, a
 *   cut connection, the database) deletes the stored file, so nothing is left half-done.
 * It knows nothing of HTTP: the caller passes the multipart parts (`request.parts()`).
 */
import { UploadRefusedError } from '../errors';
import { discardStored } from '../../platform/storage/intents';
import { isFilesLimit, isIncompleteBody, isMalformedMultipart } from './body-errors';
import {
  storeUploadedFile,
  type StoreDeps,
  type StoredUpload,
  type UploadFilePart,
} from './store-upload';

/** A field part of a multipart body, as @fastify/multipart's `request.parts()` yields it. */
export interface UploadFieldPart {
  type: 'field';
  fieldname: string;
  value: unknown;
  /** The value was cut at the parser's field size (routes/multipart.ts). */
  valueTruncated?: boolean;
}

export type UploadPart = UploadFieldPart | UploadFilePart;

export interface FileReception<Target, Result> {
  /** The name of the field that says what the file is for. */
  targetField: string;
  /** The name of the file part. */
  fileField: string;
  /**
   * What the target field designates, with the fields sent before it (by name, the last value of
   * each); throws an UploadRefusedError to refuse it.
   */
  resolveTarget(value: string, earlier: Readonly<Record<string, string>>): Promise<Target>;
  /** The refusal of field `fieldname` cut at the field size; by default the body is malformed. */
  truncated?(fieldname: string): Error | undefined;
  /**
   * Records the stored file for its target, deleting its intent in the same transaction
   * (storage/intents.ts `clearIntents`); throwing deletes the stored file.
   */
  record(target: Target, file: StoredUpload): Promise<Result>;
}

export async function receiveFile<Target, Result>(
  deps: StoreDeps,
  parts: AsyncIterable<UploadPart>,
  reception: FileReception<Target, Result>,
): Promise<Result> {
  let target: Target | undefined;
  let stored: StoredUpload | undefined;
  const earlier = Object.create(null) as Record<string, string>;
  try {
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (stored) continue;
          if (part.valueTruncated)
            throw reception.truncated?.(part.fieldname) ?? new UploadRefusedError('malformed');
          if (part.fieldname === reception.targetField)
            target = await reception.resolveTarget(String(part.value), earlier);
          else earlier[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== reception.fileField || stored) {
          part.file.resume();
          continue;
        }
        if (target === undefined) {
          part.file.resume();
          throw new UploadRefusedError('fieldsOrder');
        }
        stored = await storeUploadedFile(deps, part);
      }
    } catch (error) {
      if (isIncompleteBody(error)) throw new UploadRefusedError('incomplete');
      if (isFilesLimit(error)) throw new UploadRefusedError('tooManyFiles');
      if (isMalformedMultipart(error)) throw new UploadRefusedError('malformed');
      throw error;
    }
    if (target === undefined) throw new UploadRefusedError('unknownFileType');
    if (!stored) throw new UploadRefusedError('missingFile');
    return await reception.record(target, stored);
  } catch (error) {
    if (stored) await discardStored(deps, [stored.key]);
    throw error;
  }
}
