// The documents a customer must still send for a contract (« Documents à fournir »), written by
// the broker's systems (PUT/GET/DELETE /backoffice/v1/contracts/{n}/owed-documents/{id},
// docs/integration.md), keyed by the broker's document id on its contract.
// Enforces: the contract exists (404 otherwise); one owed document per type on a contract (the
// portal files what the customer sends by type): another id with the same type is refused,
// naming `type`; a document the broker marks received counts all its files received, as the
// portal does when the customer's last file arrives (migration 0015); the files the customer
// already sent stay counted while the status does not change; a new status forgets the reason
// and author of the last check (services/documents/document-check.ts).
import {
  INTEGRATION_MESSAGES as M,
  type OwedDocumentRead,
  type OwedDocumentRecord,
  type WriteResult,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import {
  documentKey,
  recordSha256,
  recordVersion,
  removeRecord,
  writeRecord,
  type IfMatch,
} from './records';

async function requireContract(db: Db, contractNumber: string): Promise<void> {
  const found = await db
    .selectFrom('policies')
    .select('policy_number')
    .where('policy_number', '=', contractNumber)
    .executeTakeFirst();
  if (!found) throw new NotFoundError(M.unknownContract);
}

export async function upsertOwedDocument(
  db: Db,
  contractNumber: string,
  documentId: string,
  record: OwedDocumentRecord,
  ifMatch?: IfMatch,
): Promise<WriteResult> {
  await requireContract(db, contractNumber);
  const target = { kind: 'owed-document' as const, key: documentKey(contractNumber, documentId) };
  return writeRecord(db, { ...target, ifMatch, sha256: recordSha256(record) }, async (trx) => {
    const sameType = await trx
      .selectFrom('policy_documents')
      .select(['id', 'external_id', 'status', 'files_received'])
      .where('policy_number', '=', contractNumber)
      .where('file_type', '=', record.type)
      .executeTakeFirst();
    if (sameType && sameType.external_id !== null && sameType.external_id !== documentId)
      throw new ConflictError(M.typeTaken, { type: M.typeTaken });
    const current =
      sameType ??
      (await trx
        .selectFrom('policy_documents')
        .select(['id', 'external_id', 'status', 'files_received'])
        .where('policy_number', '=', contractNumber)
        .where('external_id', '=', documentId)
        .executeTakeFirst());
    const filesReceived =
      record.status === 'received'
        ? (record.exactFileNumber ?? 1)
        : current && current.status === record.status
          ? current.files_received
          : 0;
    const values = {
      external_id: documentId,
      name: record.name,
      description: record.description,
      file_type: record.type,
      status: record.status,
      can_resend: record.canResend,
      exact_file_number: record.exactFileNumber,
      max_file_number: record.maxFileNumber,
      due_on: record.deadline,
      files_received: filesReceived,
      // A status the broker's systems set anew forgets the last check's reason (document-check.ts).
      ...(current?.status === record.status
        ? {}
        : { status_reason: null, checked_at: null, checked_by: null }),
    };
    if (current) {
      await trx.updateTable('policy_documents').set(values).where('id', '=', current.id).execute();
    } else {
      await trx
        .insertInto('policy_documents')
        .values({
          policy_number: contractNumber,
          position: sql<number>`(select coalesce(max(position) + 1, 0) from policy_documents
                                 where policy_number = ${contractNumber})`,
          ...values,
        })
        .execute();
    }
  });
}

export async function readOwedDocument(
  db: Db,
  contractNumber: string,
  documentId: string,
): Promise<OwedDocumentRead> {
  const row = await db
    .selectFrom('policy_documents')
    .select([
      'file_type',
      'name',
      'description',
      'status',
      'can_resend',
      'exact_file_number',
      'max_file_number',
      'files_received',
      sql<string | null>`to_char(due_on, 'YYYY-MM-DD')`.as('deadline'),
    ])
    .where('policy_number', '=', contractNumber)
    .where('external_id', '=', documentId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(M.notFound);
  const key = documentKey(contractNumber, documentId);
  return {
    documentId,
    version: (await recordVersion(db, 'owed-document', key)) ?? 0,
    type: row.file_type,
    name: row.name,
    description: row.description,
    status: row.status,
    canResend: row.can_resend,
    exactFileNumber: row.exact_file_number,
    maxFileNumber: row.max_file_number,
    deadline: row.deadline,
    filesReceived: row.files_received,
  };
}

/** Withdraws an owed document; the files the customer already sent stay with the contract. */
export function removeOwedDocument(
  db: Db,
  contractNumber: string,
  documentId: string,
  ifMatch?: IfMatch,
): Promise<void> {
  const target = { kind: 'owed-document' as const, key: documentKey(contractNumber, documentId) };
  return removeRecord(db, { ...target, ifMatch }, async (trx) => {
    const removed = await trx
      .deleteFrom('policy_documents')
      .where('policy_number', '=', contractNumber)
      .where('external_id', '=', documentId)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw new NotFoundError(M.notFound);
  });
}
