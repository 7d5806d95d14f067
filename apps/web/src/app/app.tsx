import type { Account, Policy } from '@espace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { accountQueryKey } from '../api/get-account';
import { policiesQueryKey } from '../api/get-policies';
import { RoutesContext } from '../lib/route-handles';
import { SessionContext, type Session } from '../lib/session';
import { useLoadedLocation } from './lazy-routes';
import { appRoutes } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

function Routes() {
  return useRoutes(appRoutes, useLoadedLocation(appRoutes));
}

/** A first read into the cache: data at once (the page carried it), or the read under way. */
function putFirst<T>(queryKey: readonly unknown[], read: T | Promise<T>): void {
  if (read instanceof Promise) void queryClient.prefetchQuery({ queryKey, queryFn: () => read });
  else queryClient.setQueryData(queryKey, read);
}

/**
 * Rendered once the page names a signed-in account, so it starts from the page asked for.
 * `first`: the account and policies reads main.tsx took over from the page (data) or from its
 * preload (a read under way), put in the cache before the first render.
 */
export function App({
  session,
  first,
}: {
  session: Session;
  first?: { account: Account | Promise<Account>; policies: Policy[] | Promise<Policy[]> };
}) {
  useState(() => {
    if (!first) return;
    const { accountId } = session;
    putFirst(accountQueryKey(accountId), first.account);
    putFirst(policiesQueryKey(accountId), first.policies);
  });
  return (
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={queryClient}>
        <RoutesContext.Provider value={appRoutes}>
          <BrowserRouter>
            <Routes />
          </BrowserRouter>
        </RoutesContext.Provider>
      </QueryClientProvider>
    </SessionContext.Provider>
  );
}
