// Queries of the documents screens (SPEC §2 /documents, §3 both document entities): the
// downloadable documents of a policy, the document to provide that an upload answers, and the
// record of a received file. Callers check first that the policy is the caller's
// (findOwnPolicy): nothing here looks at the account.
import {
  canUpload,
  OTHER_FILE_TYPE,
  type DocumentStatus,
  type DownloadedDocument,
} from '@espace/contract';
import type { Db } from '../db/client';

export async function listDownloadableDocuments(
  db: Db,
  policyNumber: string,
): Promise<DownloadedDocument[]> {
  const rows = await db
    .selectFrom('downloadable_documents')
    .select(['id', 'file_name', 'created_at'])
    .where('policy_number', '=', policyNumber)
    .orderBy('created_at', 'desc')
    .orderBy('file_name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    created: new Date(row.created_at).toISOString(),
  }));
}

export async function findDownloadableDocument(db: Db, policyNumber: string, documentId: string) {
  return db
    .selectFrom('downloadable_documents')
    .select(['id', 'file_name', 'content_type', 'storage_key', 'size'])
    .where('policy_number', '=', policyNumber)
    .where('id', '=', documentId)
    .executeTakeFirst();
}

/** What an upload's `fileType` designates: a document to provide, or an extra one ('autre'). */
export type UploadTarget =
  | { kind: 'other'; fileType: typeof OTHER_FILE_TYPE }
  | { kind: 'document'; fileType: string; documentId: number; eligible: boolean };

export async function findUploadTarget(
  db: Db,
  policyNumber: string,
  fileType: string,
): Promise<UploadTarget | undefined> {
  // SPEC §3: 'autre' is any extra document; it never changes a status (SPEC §4).
  if (fileType === OTHER_FILE_TYPE) return { kind: 'other', fileType: OTHER_FILE_TYPE };
  const row = await db
    .selectFrom('policy_documents')
    .select(['id', 'status', 'can_resend'])
    .where('policy_number', '=', policyNumber)
    .where('file_type', '=', fileType)
    .executeTakeFirst();
  if (!row) return undefined;
  const status = row.status as DocumentStatus | null;
  return {
    kind: 'document',
    fileType,
    documentId: row.id,
    // SPEC §4 eligibility, except that 'received' stays open: SPEC §7 sends a batch one request
    // per file, so the second file of a batch finds the document already received.
    eligible: status === 'received' || canUpload({ fileType, status, canResend: row.can_resend }),
  };
}

export interface ReceivedFile {
  id: string;
  policyNumber: string;
  target: UploadTarget;
  originalName: string;
  contentType: string;
  storageKey: string;
  size: number;
  sha256: string;
}

/**
 * Records a stored file and moves its document to 'received' ('En cours de vérification',
 * SPEC §4), in one transaction: either both happen or neither.
 */
export async function recordReceivedFile(db: Db, file: ReceivedFile): Promise<Date> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('received_files')
      .values({
        id: file.id,
        policy_number: file.policyNumber,
        policy_document_id: file.target.kind === 'document' ? file.target.documentId : null,
        file_type: file.target.fileType,
        original_name: file.originalName,
        content_type: file.contentType,
        storage_key: file.storageKey,
        size: file.size,
        sha256: file.sha256,
      })
      .returning('received_at')
      .executeTakeFirstOrThrow();
    if (file.target.kind === 'document') {
      await trx
        .updateTable('policy_documents')
        .set({ status: 'received' })
        .where('id', '=', file.target.documentId)
        .execute();
    }
    return new Date(row.received_at);
  });
}
