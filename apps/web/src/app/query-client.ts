// The query library's client with the portal's defaults, and its provider, in the query
// library's own chunk (app/queries.ts loads it).
import { QueryClient } from '@tanstack/react-query';

export { QueryClientProvider } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
  });
}
