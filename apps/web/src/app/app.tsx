import type { Policy } from '@espace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { policiesQueryKey } from '../api/get-policies';
import { SessionContext, type Session } from '../lib/session';
import { createAppRouter } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** `policies`: the request main.tsx started as soon as the token existed, put in the cache. */
export function App({ session, policies }: { session: Session; policies?: Promise<Policy[]> }) {
  const [router] = useState(() => {
    if (policies)
      void queryClient.prefetchQuery({
        queryKey: policiesQueryKey(session.accountId),
        queryFn: () => policies,
      });
    return createAppRouter();
  });
  return (
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SessionContext.Provider>
  );
}
