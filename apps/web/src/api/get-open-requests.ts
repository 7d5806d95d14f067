// GET the requests still being handled, on every contract: one call shared by all the policy
// cards, made once the cards are on screen (docs/product/requests.md « Sur la carte du
// contrat »), and again each time a screen with cards opens. A portal read (api/portal-reads.ts),
// not a query of the query library: the cards are the first screen's.
import { REQUESTS_PAGE_SIZE_MAX, type RequestList } from '@espace/contract';
import { useMemo } from 'react';
import { useSession } from '../lib/session';
import { getRequests } from './requests';
import { useRead, type Read } from './portal-reads';

/** The open requests' key among the portal's reads. */
export const OPEN_REQUESTS_READ = 'open-requests';

export function useOpenRequests(): Read<RequestList> {
  const { accountId } = useSession();
  const spec = useMemo(
    () => ({
      key: OPEN_REQUESTS_READ,
      fetch: () =>
        getRequests(accountId, {
          policyNumber: undefined,
          page: 1,
          pageSize: REQUESTS_PAGE_SIZE_MAX,
          state: 'open' as const,
        }),
      freshMs: 0,
    }),
    [accountId],
  );
  return useRead(spec);
}
