// GET …/account/accounts/{accountId}/requests/{reference}: one of the caller's requests as the
// customer reads it (docs/product/requests.md « Le détail d’une demande »). Enforces: only the
// caller's requests: another account's reference answers the same 404 as an unknown one
// ('Demande introuvable.'), so a reference tells nothing about anyone else; the list item's
// fields (list-requests.ts), what was asked line by line (answers.ts, never the full IBAN), the
// names, types and sizes of the files sent and the receipt (never where their bytes are), and the
// timeline of statuses, oldest first (request-detail.ts).
import { MESSAGES, type RequestDetail } from '@espace/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';
import { requestAnswers } from './answers';
import { toCustomerRequest, withStatusAndVehicle } from './list-requests';
import { requestTimeline } from './request-detail';
import { requestFiles } from './request-files';

export async function customerRequestDetail(
  db: Db,
  accountId: string,
  reference: string,
): Promise<RequestDetail> {
  const row = await withStatusAndVehicle(
    db
      .selectFrom('customer_requests as r')
      .where('r.account_id', '=', accountId)
      .where('r.reference', '=', reference),
  ).executeTakeFirst();
  if (!row) throw new NotFoundError(MESSAGES.api.requestNotFound);
  const [files, timeline] = await Promise.all([
    requestFiles(db, row.id),
    requestTimeline(db, row.id),
  ]);
  return {
    ...toCustomerRequest(row),
    answers: requestAnswers(row.kind, row.payload),
    files: files.map(({ id, name, contentType, size }) => ({ id, name, contentType, size })),
    timeline,
  };
}
