// A document the customer sent, checked by the broker (docs/console.md « Documents »,
// docs/integration.md « Documents à fournir »): the one service behind the console's « Valider »
// and « Non conforme » and the integration API's PATCH …/owed-documents/{id}/status. Enforces,
// in one transaction:
// - the document exists (NotFoundError) and is « En cours de vérification » ('received'), else
//   ConflictError naming its status; the same decision and reason again changes nothing (a
//   retried call is harmless); a refusal carries its reason (the contract's documentCheckSchema);
// - the status, the reason, when and who ('staff:<id>', 'client:<id>') are written; a refused
//   document takes the customer's files again (its count of files received back to 0);
// - the customer sees it at their next read: policy_documents feeds the policies read's data
//   version (migration 0031), so 'Documents à fournir' and the home banner's count follow;
// - a document the broker's systems wrote gets a new version of its record (If-Match then
//   refuses a write based on the one before) with the fingerprint of what it now holds;
// - the customer's requests that sent its files and are still open move to 'done' (validated)
//   or 'refused' with the reason (changeRequestStatus, no second e-mail), each with its event;
// - the event `document.status_changed` for the broker's systems, the customer's e-mail
//   (`notify`, when the server sends mail) and the caller's trace (`record`: the staff journal).
import {
  DOCUMENT_CHECK_MESSAGES as M,
  DOCUMENT_STATUS_LABELS,
  OPEN_REQUEST_STATUSES,
  owedDocumentRecordSchema,
  type DocumentCheck,
  type DocumentCheckResult,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { recordEvent } from '../events/record-event';
import { documentKey, inTransaction, recordSha256 } from '../integration/records';
import { changeRequestStatus } from '../requests/request-status';

/** The document: the broker's (contract, document id), or the console's own id. */
export type OwedDocumentRef = { contractNumber: string; documentId: string } | { id: number };

export interface DocumentCheckOptions {
  /** Who checked it: 'staff:<id>' or 'client:<id>'. */
  actor: string;
  notify?:
    ((trx: Db, accountId: string, checked: DocumentCheckResult) => Promise<void>) | undefined;
  record?:
    ((trx: Db, accountId: string, checked: DocumentCheckResult) => Promise<void>) | undefined;
}

function findDocument(trx: Db, ref: OwedDocumentRef) {
  return trx
    .selectFrom('policy_documents as d')
    .innerJoin('policies as p', 'p.policy_number', 'd.policy_number')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .selectAll('d')
    .select(['p.account_id', 'a.customer_id'])
    .select(sql<string | null>`to_char(d.due_on, 'YYYY-MM-DD')`.as('deadline'))
    .$call((qb) =>
      'id' in ref
        ? qb.where('d.id', '=', ref.id)
        : qb
            .where('d.policy_number', '=', ref.contractNumber)
            .where('d.external_id', '=', ref.documentId),
    )
    .forUpdate('d')
    .executeTakeFirst();
}

export function checkOwedDocument(
  db: Db,
  ref: OwedDocumentRef,
  check: DocumentCheck,
  options: DocumentCheckOptions,
): Promise<DocumentCheckResult> {
  return inTransaction(db, async (trx) => {
    const doc = await findDocument(trx, ref);
    if (!doc) throw new NotFoundError(M.notFound);
    const reason = check.status === 'rejected' ? (check.reason?.trim() ?? null) : null;
    const result = (checkedAt: Date, changed: boolean): DocumentCheckResult => ({
      customerNumber: doc.customer_id,
      contractNumber: doc.policy_number,
      documentId: doc.external_id,
      type: doc.file_type,
      name: doc.name,
      status: check.status,
      statusLabel: DOCUMENT_STATUS_LABELS[check.status],
      reason,
      checkedAt: checkedAt.toISOString(),
      changed,
    });
    if (doc.status === check.status && (doc.status_reason ?? null) === reason && doc.checked_at)
      return result(new Date(doc.checked_at), false);
    if (doc.status !== 'received') {
      const label = doc.status ? DOCUMENT_STATUS_LABELS[doc.status] : 'À fournir';
      throw new ConflictError(M.notReceived(doc.name, label), {
        status: M.notReceived(doc.name, label),
      });
    }
    const now = new Date();
    await trx
      .updateTable('policy_documents')
      .set({
        status: check.status,
        status_reason: reason,
        checked_at: now,
        checked_by: options.actor,
        ...(check.status === 'rejected' ? { files_received: 0 } : {}),
      })
      .where('id', '=', doc.id)
      .execute();
    if (doc.external_id) await newRecordVersion(trx, doc, check.status);
    await closeFileRequests(trx, doc.id, check.status, reason, options.actor);
    const checked = result(now, true);
    await recordEvent(trx, {
      type: 'document.status_changed',
      accountId: doc.account_id,
      data: { ...checked },
    });
    await options.notify?.(trx, doc.account_id, checked);
    await options.record?.(trx, doc.account_id, checked);
    return checked;
  });
}

type FoundDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/** The broker's record of the document: a new version, the fingerprint of what it now holds. */
async function newRecordVersion(trx: Db, doc: FoundDocument, status: DocumentCheck['status']) {
  const record = owedDocumentRecordSchema.parse({
    type: doc.file_type,
    name: doc.name,
    description: doc.description,
    status,
    canResend: doc.can_resend,
    exactFileNumber: doc.exact_file_number,
    maxFileNumber: doc.max_file_number,
    deadline: doc.deadline,
  });
  await trx
    .updateTable('integration_records')
    .set((eb) => ({
      version: eb('version', '+', 1),
      sha256: recordSha256(record),
      updated_at: new Date(),
    }))
    .where('kind', '=', 'owed-document')
    .where('key', '=', documentKey(doc.policy_number, doc.external_id!))
    .where('version', '>', 0)
    .execute();
}

/** The customer's open requests that sent this document's files: done, or refused with why. */
async function closeFileRequests(
  trx: Db,
  documentId: number,
  status: DocumentCheck['status'],
  reason: string | null,
  actor: string,
) {
  const open = await trx
    .selectFrom('received_files as f')
    .innerJoin('request_index as i', (join) => join.on(sql<boolean>`i.id = 'file:' || f.id`))
    .select('i.reference')
    .where('f.policy_document_id', '=', documentId)
    .where('i.status', 'in', OPEN_REQUEST_STATUSES)
    .orderBy('i.created_at')
    .execute();
  for (const { reference } of open)
    await changeRequestStatus(
      trx,
      reference,
      status === 'validated' ? { status: 'done' } : { status: 'refused', message: reason ?? '' },
      { actor },
    );
}
