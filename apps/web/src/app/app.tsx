import type { Account, Policy } from '@espace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { accountQueryKey } from '../api/get-account';
import { policiesQueryKey } from '../api/get-policies';
import { RoutesContext } from '../lib/route-handles';
import { SessionContext, type Session } from '../lib/session';
import { screensLoading } from './lazy-routes';
import { appRoutes } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** The routes at the browser's location, or at the previous one while its screens load
 * (lazy-routes.tsx). Always given a location, so the tree keeps its shape. */
function Routes() {
  const location = useLocation();
  const [shown, setShown] = useState(location);
  const loading = location === shown ? undefined : screensLoading(appRoutes, location);
  useEffect(() => {
    if (location === shown) return;
    let current = true;
    void (loading ?? Promise.resolve()).then(() => current && setShown(location));
    return () => {
      current = false;
    };
  }, [loading, location, shown]);
  return useRoutes(appRoutes, loading ? shown : location);
}

/**
 * Rendered once the page names a signed-in account, so it starts from the page asked for.
 * `first`: the account and policies reads main.tsx took over from the page's preload, put in
 * the cache.
 */
export function App({
  session,
  first,
}: {
  session: Session;
  first?: { account: Promise<Account>; policies: Promise<Policy[]> };
}) {
  useState(() => {
    if (!first) return;
    const { accountId } = session;
    void queryClient.prefetchQuery({
      queryKey: accountQueryKey(accountId),
      queryFn: () => first.account,
    });
    void queryClient.prefetchQuery({
      queryKey: policiesQueryKey(accountId),
      queryFn: () => first.policies,
    });
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
