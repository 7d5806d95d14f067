// The customer's account (SPEC §3 "Account").
import type { Account } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';

export const accountQueryKey = (accountId: string) => ['account', accountId] as const;

export function accountQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: accountQueryKey(accountId),
    queryFn: () => api<Account>(`/account/accounts/${encodeURIComponent(accountId)}`),
  });
}

export function useAccount() {
  const { accountId } = useSession();
  return useQuery(accountQueryOptions(accountId));
}
