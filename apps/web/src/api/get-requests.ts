// GET the customer's requests ('Mes demandes'), one page, optionally for one contract, shared by
// 'Mes demandes' and the account-deletion recap: its query key and options, the hook (the fetch:
// api/requests.ts).
// Always read afresh when the screen opens, so a request just made is there without every write
// having to refresh it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../lib/session';
import { getRequests, type RequestsFilter } from './requests';

export const requestsQueryKey = (accountId: string, filter?: RequestsFilter) =>
  filter ? (['requests', accountId, filter] as const) : (['requests', accountId] as const);

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
