// GET …/account/accounts/{accountId}/requests ('Mes demandes'). Enforces: only the
// caller's requests (the view filtered by account, the account being the token's); a contract
// filter names a policy of the caller's (else NotFoundError 'Policy not found'); `state=open`
// keeps those still being handled (the policy cards); newest first, one page at a time; each
// with its contract's vehicle, a French summary (never the full IBAN: summaries.ts) and the
// status label, 'Refusée' with the broker's reason.
import {
  OPEN_REQUEST_STATUSES,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type CustomerRequest,
  type RequestList,
} from '@espace/contract';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/client';
import type { CustomerRequests, DB } from '../../db/types';
import { requireOwnPolicy } from '../policies/policies';
import { summarizeRequest } from './summaries';

export interface RequestPage {
  policyNumber?: string | undefined;
  /** 'open': only the requests still being handled (OPEN_REQUEST_STATUSES). */
  state?: 'open' | undefined;
  page: number;
  pageSize: number;
}

export async function listRequests(
  db: Db,
  accountId: string,
  { policyNumber, state, page, pageSize }: RequestPage,
): Promise<RequestList> {
  if (policyNumber !== undefined) await requireOwnPolicy(db, accountId, policyNumber);
  let scoped = db.selectFrom('customer_requests as r').where('r.account_id', '=', accountId);
  if (policyNumber !== undefined) scoped = scoped.where('r.policy_number', '=', policyNumber);
  if (state === 'open') scoped = scoped.where('r.status', 'in', OPEN_REQUEST_STATUSES);
  const [rows, count] = await Promise.all([
    withStatusAndVehicle(scoped)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toCustomerRequest), total: Number(count.n), page, pageSize };
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's own shape
type Scoped = SelectQueryBuilder<DB & { r: CustomerRequests }, 'r', {}>;

/** The columns of one list item: the request, its broker's message and its contract's vehicle. */
export function withStatusAndVehicle(scoped: Scoped) {
  return scoped
    .leftJoin('request_statuses as s', 's.request_id', 'r.id')
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
      's.message as status_message',
      'r.status_changed_at',
      'v.manufacturer',
      'v.model',
      'v.license_plate',
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof withStatusAndVehicle>['execute']>>[number];

export function toCustomerRequest(row: ItemRow): CustomerRequest {
  return {
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
    statusMessage: row.status_message,
    statusChangedAt: new Date(row.status_changed_at).toISOString(),
  };
}
