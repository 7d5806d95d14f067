// What an upload's `fileType` designates on a policy, and the record of a file received for it
// (docs/product/documents.md "Document to provide"). Enforces: the file type is one of the policy's documents
// to provide, or 'autre' for an extra document; a document takes a file only when contract
// acceptsUploadedFile says so; recording a file and moving its document to 'received' ('En
// cours de vérification') happen in one transaction, and 'autre' never changes a status.
// Callers have checked that the policy is the caller's: nothing here looks at the account.
import { acceptsUploadedFile, isDocumentComplete, OTHER_FILE_TYPE } from '@espace/contract';
import type { Db } from '../../db/client';
import { clearIntents } from '../../platform/storage/intents';
import { recordRequestEvent } from '../events/record-event';
import type { StoredUpload } from './store-upload';

export type UploadTarget =
  | { kind: 'other'; fileType: typeof OTHER_FILE_TYPE }
  | { kind: 'document'; fileType: string; documentId: number; eligible: boolean };

/** The target of `fileType` on the policy, or undefined when the policy asks for no such file. */
export async function findUploadTarget(
  db: Db,
  policyNumber: string,
  fileType: string,
): Promise<UploadTarget | undefined> {
  if (fileType === OTHER_FILE_TYPE) return { kind: 'other', fileType: OTHER_FILE_TYPE };
  const row = await db
    .selectFrom('policy_documents')
    .select(['id', 'status', 'can_resend'])
    .where('policy_number', '=', policyNumber)
    .where('file_type', '=', fileType)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'document',
    fileType,
    documentId: row.id,
    eligible: acceptsUploadedFile({ fileType, status: row.status, canResend: row.can_resend }),
  };
}

/** Records a stored file for its target; returns when it was received. */
export async function recordReceivedFile(
  db: Db,
  file: { id: string; policyNumber: string; target: UploadTarget; stored: StoredUpload },
): Promise<Date> {
  const { target, stored } = file;
  return db.transaction().execute(async (trx) => {
    await clearIntents(trx, [stored.key]);
    const row = await trx
      .insertInto('received_files')
      .values({
        id: file.id,
        policy_number: file.policyNumber,
        policy_document_id: target.kind === 'document' ? target.documentId : null,
        file_type: target.fileType,
        original_name: stored.originalName,
        content_type: stored.contentType,
        storage_key: stored.key,
        size: stored.size,
        sha256: stored.sha256,
      })
      .returning('received_at')
      .executeTakeFirstOrThrow();
    if (target.kind === 'document') {
      // Counted, and 'received' only once the required number of files has arrived
      // (contract isDocumentComplete); until then the document keeps its status and takes the
      // missing file. One statement, so two files arriving together are both counted.
      const counted = await trx
        .updateTable('policy_documents')
        .set((eb) => ({ files_received: eb('files_received', '+', 1) }))
        .where('id', '=', target.documentId)
        .returning(['files_received', 'exact_file_number'])
        .executeTakeFirstOrThrow();
      if (
        isDocumentComplete({ exactFileNumber: counted.exact_file_number }, counted.files_received)
      ) {
        await trx
          .updateTable('policy_documents')
          // Sent again after a refusal: the last check's reason and author are no longer its.
          .set({ status: 'received', status_reason: null, checked_at: null, checked_by: null })
          .where('id', '=', target.documentId)
          .execute();
      }
    }
    await recordRequestEvent(trx, `file:${file.id}`);
    return new Date(row.received_at);
  });
}
