// GET the customer's requests, one page, optionally for one contract or only the open ones: the
// fetch, which the query of 'Mes demandes' (api/get-requests.ts) and the cards' portal read of the
// open requests (api/get-open-requests.ts) share.
import { API_ROUTES, apiPath, type RequestList } from '@espace/contract';
import { api } from '../lib/api-client';

export interface RequestsFilter {
  policyNumber: string | undefined;
  page: number;
  /** The contract's default (REQUESTS_PAGE_SIZE) when absent. */
  pageSize?: number;
  /** 'open': only the requests still being handled (the policy cards). */
  state?: 'open';
}

export function getRequests(
  accountId: string,
  { policyNumber, page, pageSize, state }: RequestsFilter,
) {
  const query = new URLSearchParams({ page: String(page) });
  if (state) query.set('state', state);
  if (pageSize) query.set('pageSize', String(pageSize));
  if (policyNumber) query.set('policyNumber', policyNumber);
  return api<RequestList>(`${apiPath(API_ROUTES.requests, { accountId })}?${query.toString()}`);
}
