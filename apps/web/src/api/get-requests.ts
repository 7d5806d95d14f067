// GET the customer's requests ('Mes demandes'), one page, optionally for one contract, shared by
// 'Mes demandes' and the account-deletion recap: the fetch, its query key and options, the hook.
// Always read afresh when the screen opens, so a request just made is there without every write
// having to refresh it.
import { API_ROUTES, apiPath, REQUESTS_PAGE_SIZE_MAX, type RequestList } from '@espace/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';

export interface RequestsFilter {
  policyNumber: string | undefined;
  page: number;
  /** The contract's default (REQUESTS_PAGE_SIZE) when absent. */
  pageSize?: number;
  /** 'open': only the requests still being handled (the policy cards). */
  state?: 'open';
}

export const requestsQueryKey = (accountId: string, filter?: RequestsFilter) =>
  filter ? (['requests', accountId, filter] as const) : (['requests', accountId] as const);

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

export function requestsQueryOptions(accountId: string, filter: RequestsFilter) {
  return queryOptions({
    queryKey: requestsQueryKey(accountId, filter),
    queryFn: () => getRequests(accountId, filter),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useRequests(filter: RequestsFilter) {
  const { accountId } = useSession();
  return useQuery(requestsQueryOptions(accountId, filter));
}

/**
 * The requests still being handled, on every contract: one call shared by all the policy cards,
 * made once the cards are on screen (docs/product/requests.md « Sur la carte du contrat »).
 */
export function useOpenRequests() {
  return useRequests({
    policyNumber: undefined,
    page: 1,
    pageSize: REQUESTS_PAGE_SIZE_MAX,
    state: 'open',
  });
}
