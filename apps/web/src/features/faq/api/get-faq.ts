// GET /api/v1/content/faq: French full-text search on the server; the client asks for
// every match of a category and query and shows them 10 at a time (docs/product/contact-and-faq.md).
import { API_ROUTES, apiPath, type FaqResponse } from '@espace/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface FaqFilter {
  category: string | undefined;
  q: string;
}

export const faqQueryKey = (filter: FaqFilter) => ['faq', filter.category ?? '', filter.q] as const;

export function getFaq(filter: FaqFilter): Promise<FaqResponse> {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.q) params.set('q', filter.q);
  const query = params.size ? `?${params}` : '';
  return api<FaqResponse>(`${apiPath(API_ROUTES.faq)}${query}`);
}

export function faqQueryOptions(filter: FaqFilter) {
  return queryOptions({
    queryKey: faqQueryKey(filter),
    queryFn: () => getFaq(filter),
    staleTime: 5 * 60_000,
  });
}

export function useFaq(filter: FaqFilter) {
  // Keep the previous list on screen while the next search runs (no flash of 'Chargement').
  return useQuery({ ...faqQueryOptions(filter), placeholderData: keepPreviousData });
}
