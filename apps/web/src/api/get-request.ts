// GET one of the customer's requests by its reference (docs/product/requests.md « Le détail
// d’une demande »): the list item, what was asked, the files and the timeline. Read afresh when
// the screen opens; a 404 (unknown, or another account's) is not retried.
import { API_ROUTES, apiPath, type RequestDetail } from '@espace/contract';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';

export function useRequestDetail(reference: string) {
  const { accountId } = useSession();
  return useQuery({
    queryKey: ['requests', accountId, 'detail', reference] as const,
    queryFn: () => api<RequestDetail>(apiPath(API_ROUTES.request, { accountId, reference })),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}
