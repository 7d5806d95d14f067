import type { Policy } from '@espace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { policiesQueryKey } from '../api/get-policies';
import { RoutesContext } from '../lib/route-handles';
import { SessionContext, type Session } from '../lib/session';
import { appRoutes } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

function Routes() {
  return useRoutes(appRoutes);
}

/**
 * Rendered after sign-in has completed, so it starts from the page the customer asked for.
 * `policies`: the request main.tsx started as soon as the token existed, put in the cache.
 */
export function App({ session, policies }: { session: Session; policies?: Promise<Policy[]> }) {
  useState(() => {
    if (policies)
      void queryClient.prefetchQuery({
        queryKey: policiesQueryKey(session.accountId),
        queryFn: () => policies,
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
