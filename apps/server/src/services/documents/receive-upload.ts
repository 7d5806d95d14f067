// The upload of a document to provide (docs/product/documents.md uploadfile: one file per request, multipart
// `fileType` then `upfile`). Enforces: the policy is the caller's (else NotFoundError 'Policy not
// found') and not terminated (docs/product/documents.md), checked before a byte of the body is read; the body is
// multipart (else UnsupportedMediaTypeError); `fileType` names a document the policy still takes
// a file for (upload-target.ts); the file itself passes store-upload.ts and receive-file.ts.
import { randomUUID } from 'node:crypto';
import { UPLOAD_FORM_FIELDS, uploadFileTypeSchema, type UploadResponse } from '@espace/contract';
import type { Db } from '../../db/client';
import { UnsupportedMediaTypeError, UploadRefusedError } from '../errors';
import { requireOwnPolicyNotTerminated } from '../policies/policies';
import type { DocumentStorage } from '../../platform/storage/storage';
import { receiveFile, type UploadPart } from './receive-file';
import { findUploadTarget, recordReceivedFile } from './upload-target';

export interface DocumentUpload {
  accountId: string;
  policyNumber: string;
  /** The parts of the multipart body, or undefined when the body is not multipart. */
  parts: AsyncIterable<UploadPart> | undefined;
}

async function resolveTarget(db: Db, policyNumber: string, raw: string) {
  const parsed = uploadFileTypeSchema.safeParse(raw);
  const target = parsed.success ? await findUploadTarget(db, policyNumber, parsed.data) : undefined;
  if (!target) throw new UploadRefusedError('unknownFileType');
  if (target.kind === 'document' && !target.eligible) throw new UploadRefusedError('notUploadable');
  return target;
}

export async function receiveDocumentUpload(
  { db, storage }: { db: Db; storage: DocumentStorage },
  upload: DocumentUpload,
): Promise<UploadResponse> {
  const policy = await requireOwnPolicyNotTerminated(
    db,
    upload.accountId,
    upload.policyNumber,
    () => new UploadRefusedError('terminatedPolicy'),
  );
  if (!upload.parts) throw new UnsupportedMediaTypeError();
  const policyNumber = policy.policy_number;
  return receiveFile({ db, storage }, upload.parts, {
    targetField: UPLOAD_FORM_FIELDS.fileType,
    fileField: UPLOAD_FORM_FIELDS.file,
    resolveTarget: (raw) => resolveTarget(db, policyNumber, raw),
    async record(target, stored) {
      const id = randomUUID();
      const received = await recordReceivedFile(db, { id, policyNumber, target, stored });
      return { id, fileName: stored.originalName, created: received.toISOString() };
    },
  });
}
