// The documents a customer downloads (the broker's own PDFs: avis d'échéance, conditions
// particulières…), written by the broker's systems (PUT/GET/DELETE
// /backoffice/v1/contracts/{n}/documents/{id}, docs/integration.md), keyed by the broker's
// document id on its contract.
// Enforces: the contract exists (404); the body is streamed to storage, never buffered, and
// checked by its bytes as a customer's upload is (store-upload.ts: a PDF by its first bytes, at
// most MAX_UPLOAD_BYTES); the row and the storage intent commit together
// (docs/decisions/0054-storage-intents.md); the same file with the same metadata sent again
// changes nothing (its copy is discarded); a replaced or removed file is deleted from storage
// after the commit; a new document (not one sent again, nor a replacement) has its `notify`
// (the customer's mail, services/requests/status-mail.ts) written in the same transaction.
import {
  INTEGRATION_MESSAGES as M,
  type DocumentRead,
  type DocumentUploadQuery,
  type WriteResult,
} from '@espace/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { clearIntents, discardStored } from '../../platform/storage/intents';
import type { DocumentStorage } from '../../platform/storage/storage';
import { storeUploadedFile, type IncomingFile } from '../documents/store-upload';
import { NotFoundError } from '../errors';
import {
  documentKey,
  recordSha256,
  recordVersion,
  removeRecord,
  writeRecord,
  type IfMatch,
} from './records';

interface Deps {
  db: Db;
  storage: DocumentStorage;
}

/** Writes, in `trx`, what tells the customer of a new document (the mail), if anything. */
export type NewDocumentNotify = (
  trx: Db,
  document: { contractNumber: string; documentId: string; title: string },
) => Promise<void>;

export async function upsertDocument(
  deps: Deps,
  target: { contractNumber: string; documentId: string; ifMatch?: IfMatch },
  meta: DocumentUploadQuery,
  file: IncomingFile,
  notify?: NewDocumentNotify,
): Promise<WriteResult> {
  const { contractNumber, documentId } = target;
  const contract = await deps.db
    .selectFrom('policies')
    .select('policy_number')
    .where('policy_number', '=', contractNumber)
    .executeTakeFirst();
  if (!contract) {
    file.file.resume();
    throw new NotFoundError(M.unknownContract);
  }
  const stored = await storeUploadedFile(deps, file);
  let replaced: string | undefined;
  let result: WriteResult;
  try {
    const record = { ...meta, sha256: stored.sha256 };
    const key = documentKey(contractNumber, documentId);
    result = await writeRecord(
      deps.db,
      { kind: 'document', key, ifMatch: target.ifMatch, sha256: recordSha256(record) },
      async (trx) => {
        const current = await trx
          .selectFrom('downloadable_documents')
          .select(['id', 'storage_key'])
          .where('policy_number', '=', contractNumber)
          .where('external_id', '=', documentId)
          .executeTakeFirst();
        const values = {
          file_name: meta.fileName,
          title: meta.title,
          content_type: stored.contentType,
          storage_key: stored.key,
          size: stored.size,
          sha256: stored.sha256,
          ...(meta.issuedOn ? { created_at: new Date(`${meta.issuedOn}T09:00:00Z`) } : {}),
        };
        if (current) {
          replaced = current.storage_key;
          await trx
            .updateTable('downloadable_documents')
            .set(values)
            .where('id', '=', current.id)
            .execute();
        } else {
          await trx
            .insertInto('downloadable_documents')
            .values({
              id: randomUUID(),
              policy_number: contractNumber,
              external_id: documentId,
              ...values,
            })
            .execute();
          await notify?.(trx, { contractNumber, documentId, title: meta.title ?? meta.fileName });
        }
        await clearIntents(trx, [stored.key]);
      },
    );
  } catch (error) {
    await discardStored(deps, [stored.key]);
    throw error;
  }
  if (!result.changed) await discardStored(deps, [stored.key]);
  if (replaced) await deps.storage.delete(replaced).catch(() => undefined);
  return result;
}

export async function readDocument(
  db: Db,
  contractNumber: string,
  documentId: string,
): Promise<DocumentRead> {
  const row = await db
    .selectFrom('downloadable_documents')
    .select([
      'file_name',
      'title',
      'content_type',
      'size',
      'sha256',
      sql<string>`to_char(created_at at time zone 'Europe/Paris', 'YYYY-MM-DD')`.as('issued_on'),
    ])
    .where('policy_number', '=', contractNumber)
    .where('external_id', '=', documentId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(M.notFound);
  return {
    documentId,
    contractNumber,
    version: (await recordVersion(db, 'document', documentKey(contractNumber, documentId))) ?? 0,
    fileName: row.file_name,
    title: row.title,
    issuedOn: row.issued_on,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256 ?? '',
  };
}

/** Withdraws a document: the customer no longer sees it; its file is deleted after the commit. */
export async function removeDocument(
  deps: Deps,
  contractNumber: string,
  documentId: string,
  ifMatch?: IfMatch,
): Promise<void> {
  let storageKey: string | undefined;
  const key = documentKey(contractNumber, documentId);
  await removeRecord(deps.db, { kind: 'document', key, ifMatch }, async (trx) => {
    const removed = await trx
      .deleteFrom('downloadable_documents')
      .where('policy_number', '=', contractNumber)
      .where('external_id', '=', documentId)
      .returning('storage_key')
      .executeTakeFirst();
    if (!removed) throw new NotFoundError(M.notFound);
    storageKey = removed.storage_key;
  });
  if (storageKey) await deps.storage.delete(storageKey).catch(() => undefined);
}
