// The query library's client (TanStack Query), which every screen but the first uses for its own
// reads and writes: loaded with the first of those screens, never by the first screen, which
// lives on the portal's own reads (api/portal-reads.ts,
// docs/decisions/0114-the-first-screen-before-its-script.md). One per signed-in portal.
import type { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** The client, and the provider that gives it to a screen's components. */
export interface QueryLayer {
  client: QueryClient;
  Provider: typeof QueryClientProvider;
}

export class Queries {
  #loading: Promise<QueryLayer> | undefined;

  /** Loads the client (once): the same promise every time, so `use()` reads it at once when settled. */
  load(): Promise<QueryLayer> {
    this.#loading ??= import('./query-client').then(
      ({ createQueryClient, QueryClientProvider }) => ({
        client: createQueryClient(),
        Provider: QueryClientProvider,
      }),
    );
    return this.#loading;
  }
}

export const QueriesContext = createContext<Queries | null>(null);

export function useQueries(): Queries {
  const queries = useContext(QueriesContext);
  if (!queries) throw new Error('useQueries outside of a signed-in tree');
  return queries;
}
