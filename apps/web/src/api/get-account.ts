// GET the customer's account (docs/product/account.md "Account"): the fetch, its query key and options, the hook.
import { API_ROUTES, apiPath, type Account } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';

export const accountQueryKey = (accountId: string) => ['account', accountId] as const;

export function getAccount(accountId: string): Promise<Account> {
  return api<Account>(apiPath(API_ROUTES.account, { accountId }));
}

export function accountQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: accountQueryKey(accountId),
    queryFn: () => getAccount(accountId),
  });
}

export function useAccount() {
  const { accountId } = useSession();
  return useQuery(accountQueryOptions(accountId));
}
