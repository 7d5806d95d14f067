// GET the customer's policies (docs/product/policies.md), shared by the policies, coverages, documents and change
// screens: the fetch, its query key and options (with what docs/product/policies.md derives from the list), the hook.
import {
  allTerminated,
  API_ROUTES,
  apiPath,
  unfulfilledDocuments,
  type Policy,
} from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../lib/api-client';
import { useSession } from '../lib/session';

export const policiesQueryKey = (accountId: string) => ['policies', accountId] as const;

export function getPolicies(accountId: string): Promise<Policy[]> {
  return apiList<Policy>(apiPath(API_ROUTES.policies, { accountId }));
}

export function policiesQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: policiesQueryKey(accountId),
    queryFn: () => getPolicies(accountId),
    select: (policies) => ({
      policies,
      ...unfulfilledDocuments(policies),
      allNonActivePolicies: allTerminated(policies),
    }),
  });
}

export function usePolicies() {
  const { accountId } = useSession();
  return useQuery(policiesQueryOptions(accountId));
}
