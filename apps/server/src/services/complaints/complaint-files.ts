// The files of a complaint (docs/product/complaints.md): what the customer attaches, through the
// one upload service (services/documents/receive-file.ts: the documents' types, size and pixel
// limits, sniffing and storage), and the answer's PDF. Enforces: the complaint is the caller's
// (else NotFoundError), not answered yet (else ConflictError) and under COMPLAINT_FILES_MAX
// files, checked before a byte of the body is read and again in the write's transaction; the
// body is multipart (else UnsupportedMediaTypeError) with the part `reference` (the complaint's
// own) before the file; a file is read back only by its complaint's account (or the console).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  COMPLAINT_FILES_MAX,
  COMPLAINT_FORM_FIELDS,
  COMPLAINT_MESSAGES,
  type Complaint,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { clearIntents } from '../../platform/storage/intents';
import { StoredFileNotFoundError, type DocumentStorage } from '../../platform/storage/storage';
import { receiveFile, type UploadPart } from '../documents/receive-file';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  UnsupportedMediaTypeError,
} from '../errors';
import {
  answerFileName,
  complaintView,
  requireComplaint,
  type ComplaintRow,
} from './complaint-reads';

async function requireOpenForFiles(db: Db, row: Pick<ComplaintRow, 'id' | 'answered_at'>) {
  if (row.answered_at !== null) throw new ConflictError(COMPLAINT_MESSAGES.answered);
  const { n } = await db
    .selectFrom('complaint_files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('complaint_id', '=', row.id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= COMPLAINT_FILES_MAX)
    throw new ConflictError(COMPLAINT_MESSAGES.tooManyFiles, {
      file: COMPLAINT_MESSAGES.tooManyFiles,
    });
}

export async function attachComplaintFile(
  deps: { db: Db; storage: DocumentStorage },
  upload: { accountId: string; reference: string; parts: AsyncIterable<UploadPart> | undefined },
): Promise<Complaint> {
  const { db } = deps;
  const row = await requireComplaint(db, upload.accountId, upload.reference);
  await requireOpenForFiles(db, row);
  if (!upload.parts) throw new UnsupportedMediaTypeError();
  await receiveFile(deps, upload.parts, {
    targetField: COMPLAINT_FORM_FIELDS.reference,
    fileField: COMPLAINT_FORM_FIELDS.file,
    resolveTarget(value) {
      if (value.trim() !== row.reference) {
        const message = COMPLAINT_MESSAGES.referenceMismatch;
        return Promise.reject(new InvalidInputError(message, { reference: message }));
      }
      return Promise.resolve(row.id);
    },
    record: (complaintId, file) =>
      db.transaction().execute(async (trx) => {
        // One writer per complaint: two uploads at once cannot pass the limit together.
        await sql`select id from complaints where id = ${complaintId} for update`.execute(trx);
        const current = await requireComplaint(trx, upload.accountId, upload.reference);
        await requireOpenForFiles(trx, current);
        await trx
          .insertInto('complaint_files')
          .values({
            id: randomUUID(),
            complaint_id: complaintId,
            original_name: file.originalName,
            content_type: file.contentType,
            storage_key: file.key,
            size: file.size,
            sha256: file.sha256,
          })
          .execute();
        await clearIntents(trx, [file.key]);
      }),
  });
  return complaintView(db, await requireComplaint(db, upload.accountId, upload.reference));
}

export interface OpenedFile {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
}

async function openStored(
  storage: DocumentStorage,
  key: string,
  file: Omit<OpenedFile, 'body'>,
  missing: string,
): Promise<OpenedFile> {
  try {
    return { ...file, body: await storage.get(key) };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) throw new NotFoundError(missing);
    throw error;
  }
}

/** The answer's PDF of complaint `reference` (of `accountId`; any account when null). */
export async function openComplaintAnswer(
  { db, storage }: { db: Db; storage: DocumentStorage },
  accountId: string | null,
  reference: string,
): Promise<OpenedFile> {
  const row = await requireComplaint(db, accountId, reference);
  if (!row.answer_storage_key) throw new NotFoundError(COMPLAINT_MESSAGES.answerNotReady);
  const file = {
    fileName: answerFileName(row.reference),
    contentType: 'application/pdf',
    size: row.answer_size ?? 0,
  };
  return openStored(storage, row.answer_storage_key, file, COMPLAINT_MESSAGES.answerNotReady);
}
