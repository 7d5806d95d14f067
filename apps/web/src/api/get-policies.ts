// GET the customer's policies (docs/product/policies.md), shared by the policies, coverages, documents and change
// screens: the fetch, the portal read (api/portal-reads.ts) with what docs/product/policies.md
// derives from the list, the hook.
import {
  allTerminated,
  API_ROUTES,
  apiPath,
  instantOf,
  unfulfilledDocuments,
  type Policy,
} from '@espace/contract';
import { useMemo } from 'react';
import { apiList } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useToday } from '../lib/today';
import { useRead, type Read, type ReadSpec } from './portal-reads';

/** The policies' key among the portal's reads. */
export const POLICIES_READ = 'policies';

export function getPolicies(accountId: string): Promise<Policy[]> {
  return apiList<Policy>(apiPath(API_ROUTES.policies, { accountId }));
}

export function policiesRead(accountId: string): ReadSpec<Policy[]> {
  return { key: POLICIES_READ, fetch: () => getPolicies(accountId), freshMs: 30_000 };
}

/**
 * The list with what the screens derive from it (the owed documents, all terminated), on `today`
 * in Paris (lib/today.tsx).
 */
export function withDerived(policies: Policy[], today: string) {
  return {
    policies,
    ...unfulfilledDocuments(policies, instantOf(today)),
    allNonActivePolicies: allTerminated(policies),
  };
}

export type PoliciesData = ReturnType<typeof withDerived>;

export function usePolicies(): Read<PoliciesData> {
  const { accountId } = useSession();
  const spec = useMemo(() => policiesRead(accountId), [accountId]);
  const read = useRead(spec);
  const today = useToday();
  const data = useMemo(() => read.data && withDerived(read.data, today), [read.data, today]);
  return { ...read, data } as Read<PoliciesData>;
}
