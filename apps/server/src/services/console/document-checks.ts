// A document checked from the console (docs/console.md « Documents »): the integration API's own
// service (services/documents/document-check.ts) with the staff member as its author
// (`staff:<id>`), the customer's e-mail written by the caller's notifier, and the journal's row
// (`document.checked`: the document, the decision, the reason) in the check's transaction.
import type { DocumentCheck, DocumentCheckResult } from '@espace/contract';
import type { Db } from '../../db/client';
import { checkOwedDocument } from '../documents/document-check';
import { NotFoundError } from '../errors';
import { recordStaffAudit, type StaffActor } from '../staff/audit';

export async function staffDocumentCheck(
  db: Db,
  actor: StaffActor,
  documentId: string,
  check: DocumentCheck,
  notify?: (trx: Db, accountId: string, checked: DocumentCheckResult) => Promise<void>,
): Promise<DocumentCheckResult> {
  const id = /^\d{1,15}$/.test(documentId) ? Number(documentId) : NaN;
  if (!Number.isSafeInteger(id)) throw new NotFoundError('Ce document à fournir n’existe pas.');
  return checkOwedDocument(db, { id }, check, {
    actor: `staff:${actor.id}`,
    notify,
    record: (trx, accountId, checked) =>
      recordStaffAudit(trx, actor, {
        action: 'document.checked',
        targetKind: 'document',
        targetId: `${checked.contractNumber}/${checked.name}`,
        accountId,
        details: { documentId, status: checked.status, reason: checked.reason },
      }),
  });
}
