// The rows of a termination request (migration 0008): the pending request of a policy read back
// as its acknowledgement, the facts the receipt needs, and the writes of one accepted request.
// Callers have checked that the policy is the caller's; these run inside their transaction.
import { randomUUID } from 'node:crypto';
import {
  saleEffect,
  todayInParis,
  type TerminationAcknowledgement,
  type TerminationReasonId,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { StoredUpload } from '../documents/store-upload';

/** The request of a policy still waiting for the broker, as its acknowledgement. */
export async function findPendingTermination(
  db: Db,
  policyNumber: string,
): Promise<TerminationAcknowledgement | undefined> {
  const row = await db
    .selectFrom('termination_requests as t')
    .innerJoin('downloadable_documents as d', 'd.id', 't.receipt_document_id')
    .select([
      't.reference',
      't.policy_number',
      't.received_at',
      sql<string>`to_char(t.effective_date, 'YYYY-MM-DD')`.as('effective_date'),
      sql<string | null>`to_char(t.sale_date, 'YYYY-MM-DD')`.as('sale_date'),
      't.effect',
      't.basis',
      't.receipt_document_id',
      'd.file_name',
    ])
    .where('t.policy_number', '=', policyNumber)
    .where('t.status', '=', 'received')
    .executeTakeFirst();
  if (!row) return undefined;
  const receivedAt = new Date(row.received_at).toISOString();
  // A sale's end date is L121-11's, counted again from the sale and the day of receipt.
  const sale = row.sale_date && {
    saleDate: row.sale_date,
    terminationDate: saleEffect(row.sale_date, todayInParis(new Date(receivedAt))).terminationDate,
  };
  return {
    reference: row.reference,
    policyNumber: row.policy_number,
    receivedAt,
    effectiveDate: row.effective_date,
    effect: row.effect,
    basis: row.basis,
    ...sale,
    indicative: true,
    receiptDocumentId: row.receipt_document_id,
    receiptFileName: row.file_name,
  };
}

/** What the receipt and the effective date need: the contract, its vehicle, the customer. */
export async function terminationSubject(db: Db, accountId: string, policyNumber: string) {
  return (
    db
      .selectFrom('policies as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .innerJoin('risks as r', 'r.policy_number', 'p.policy_number')
      .select([
        sql<string>`to_char(p.start_date, 'YYYY-MM-DD')`.as('start_date'),
        'a.customer_id',
        'a.first_name',
        'a.last_name',
        'r.manufacturer',
        'r.model',
        'r.license_plate',
      ])
      .where('p.account_id', '=', accountId)
      .where('p.policy_number', '=', policyNumber)
      // risks[0] is the insured vehicle (docs/product/termination.md).
      .orderBy('r.position')
      .limit(1)
      .executeTakeFirstOrThrow()
  );
}

export interface TerminationRecord {
  id: string;
  accountId: string;
  reason: TerminationReasonId;
  payload: Record<string, unknown>;
  acknowledgement: TerminationAcknowledgement;
  receipt: { key: string; size: number };
  files: StoredUpload[];
}

/** The receipt as a document of the policy, the request, its files. */
export async function insertTermination(db: Db, record: TerminationRecord): Promise<void> {
  const ack = record.acknowledgement;
  await db
    .insertInto('downloadable_documents')
    .values({
      id: ack.receiptDocumentId,
      policy_number: ack.policyNumber,
      file_name: ack.receiptFileName,
      content_type: 'application/pdf',
      storage_key: record.receipt.key,
      size: record.receipt.size,
      created_at: ack.receivedAt,
    })
    .execute();
  await db
    .insertInto('termination_requests')
    .values({
      id: record.id,
      reference: ack.reference,
      policy_number: ack.policyNumber,
      account_id: record.accountId,
      reason: record.reason,
      payload: JSON.stringify(record.payload),
      received_at: ack.receivedAt,
      effective_date: ack.effectiveDate,
      sale_date: ack.saleDate ?? null,
      effect: ack.effect,
      basis: ack.basis,
      receipt_document_id: ack.receiptDocumentId,
      status: 'received',
    })
    .execute();
  if (record.files.length === 0) return;
  await db
    .insertInto('termination_files')
    .values(
      record.files.map((file, position) => ({
        id: randomUUID(),
        termination_request_id: record.id,
        position,
        original_name: file.originalName,
        content_type: file.contentType,
        storage_key: file.key,
        size: file.size,
        sha256: file.sha256,
      })),
    )
    .execute();
}
