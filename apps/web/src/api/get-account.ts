// GET the customer's account (docs/product/account.md "Account"): the fetch, the portal read
// (api/portal-reads.ts), the hook.
import { API_ROUTES, apiPath, type Account } from '@espace/contract';
import { useMemo } from 'react';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useRead, type Read, type ReadSpec } from './portal-reads';

/** The account's key among the portal's reads. */
export const ACCOUNT_READ = 'account';

export function getAccount(accountId: string): Promise<Account> {
  return api<Account>(apiPath(API_ROUTES.account, { accountId }));
}

export function accountRead(accountId: string): ReadSpec<Account> {
  return { key: ACCOUNT_READ, fetch: () => getAccount(accountId), freshMs: 30_000 };
}

export function useAccount(): Read<Account> {
  const { accountId } = useSession();
  return useRead(useMemo(() => accountRead(accountId), [accountId]));
}
