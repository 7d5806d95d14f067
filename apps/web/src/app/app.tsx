import type { Account, Policy } from '@espace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { accountQueryKey } from '../api/get-account';
import { policiesQueryKey } from '../api/get-policies';
import { RoutesContext } from '../lib/route-handles';
import { SessionContext, type Session } from '../lib/session';
import { appRoutes } from './router';

/** The account and policies reads a page carried (data) or that are under way (a promise). */
export interface FirstReads {
  account: Account | Promise<Account>;
  policies: Policy[] | Promise<Policy[]>;
}

/**
 * The portal's query cache, with the first reads in it before the first render: data the page
 * carried is there at once (the first render shows the cards, on the server as in the browser
 * that hydrates them), a read under way is awaited as the query's own.
 */
export function portalQueryClient(accountId: string, first?: FirstReads): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
  });
  const put = <T,>(queryKey: readonly unknown[], read: T | Promise<T>) => {
    if (read instanceof Promise) void client.prefetchQuery({ queryKey, queryFn: () => read });
    else client.setQueryData(queryKey, read);
  };
  if (first) {
    put(accountQueryKey(accountId), first.account);
    put(policiesQueryKey(accountId), first.policies);
  }
  return client;
}

/** The portal's screens, inside the router `App` is given. */
export function PortalRoutes() {
  return useRoutes(appRoutes);
}

/**
 * The signed-in portal around its router: a BrowserRouter in the browser (portal.tsx), a
 * StaticRouter at the request's path on the server (server-render.tsx), each with
 * `<PortalRoutes />` inside, so both draw the same tree.
 */
export function App({
  session,
  queryClient,
  children,
}: {
  session: Session;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={queryClient}>
        <RoutesContext.Provider value={appRoutes}>
          {/* One element under #root: React checks what it hydrates inside it, where at the
              container's own level it passes over nodes it did not draw. */}
          <div className="portal">{children}</div>
        </RoutesContext.Provider>
      </QueryClientProvider>
    </SessionContext.Provider>
  );
}
