// GET …/account/accounts/{accountId}/requests ('Mes demandes'). Enforces: only the
// caller's requests (the view filtered by account, the account being the token's); a contract
// filter names a policy of the caller's (else NotFoundError 'Policy not found'); newest first,
// one page at a time; each with its contract's vehicle, a French summary (never the full IBAN:
// summaries.ts) and the status label, 'Refusée' with the broker's reason.
import {
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type CustomerRequest,
  type RequestList,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { requireOwnPolicy } from '../policies/policies';
import { summarizeRequest } from './summaries';

export interface RequestPage {
  policyNumber?: string | undefined;
  page: number;
  pageSize: number;
}

export async function listRequests(
  db: Db,
  accountId: string,
  { policyNumber, page, pageSize }: RequestPage,
): Promise<RequestList> {
  if (policyNumber !== undefined) await requireOwnPolicy(db, accountId, policyNumber);
  let scoped = db.selectFrom('customer_requests as r').where('r.account_id', '=', accountId);
  if (policyNumber !== undefined) scoped = scoped.where('r.policy_number', '=', policyNumber);
  const [rows, count] = await Promise.all([
    scoped
      .leftJoin('risks as v', (join) =>
        join.onRef('v.policy_number', '=', 'r.policy_number').on('v.position', '=', 0),
      )
      .select([
        'r.id',
        'r.kind',
        'r.reference',
        'r.created_at',
        'r.policy_number',
        'r.payload',
        'r.status',
        'r.status_reason',
        'r.status_changed_at',
        'v.manufacturer',
        'v.model',
        'v.license_plate',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row): CustomerRequest => ({
    id: row.id,
    kind: row.kind,
    kindLabel: REQUEST_KIND_LABELS[row.kind],
    reference: row.reference,
    createdAt: new Date(row.created_at).toISOString(),
    policyNumber: row.policy_number,
    vehicle:
      row.license_plate === null
        ? null
        : {
            manufacturer: row.manufacturer ?? '',
            model: row.model ?? '',
            licensePlate: row.license_plate,
          },
    summary: summarizeRequest(row.kind, row.payload),
    status: row.status,
    statusLabel: REQUEST_STATUS_LABELS[row.status],
    statusReason: row.status === 'refused' ? row.status_reason : null,
    statusChangedAt: new Date(row.status_changed_at).toISOString(),
  }));
  return { items, total: Number(count.n), page, pageSize };
}
