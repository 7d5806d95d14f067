// The customer's policies, shared by the policies, coverages, documents and change screens.
import { allTerminated, unfulfilledDocuments, type Policy } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';

export const policiesQueryKey = (accountId: string) => ['policies', accountId] as const;

export function getPolicies(accountId: string): Promise<Policy[]> {
  return api<Policy[]>(`/policy/accounts/${encodeURIComponent(accountId)}`);
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
