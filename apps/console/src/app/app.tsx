// The console's providers and router: react-query for the API's reads (invalidated by each
// write's API module), the data router for route handles (titles) and lazy screens, under the
// base /backoffice.
import type { StaffMember } from '@espace/contract';
import { CONSOLE_APP_PATH } from '@espace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { StaffContext } from '../lib/staff';
import { consoleRoutes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 15_000, refetchOnWindowFocus: false } },
});

export function App({ staff }: { staff: StaffMember }) {
  const [router] = useState(() =>
    createBrowserRouter(consoleRoutes, { basename: CONSOLE_APP_PATH }),
  );
  return (
    <StaffContext.Provider value={staff}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StaffContext.Provider>
  );
}
