// GET /api/v1/address/search?q=… (docs/decisions/0017-offline-addresses.md): the place search of /changeAddress
// (docs/product/addresses.md) and of a claim's place (docs/product/claims.md), answered by our server from the
// official list of French communes. Each settled query is one cached request: typing back to an earlier text
// costs no call.
import {
  API_ROUTES,
  apiPath,
  type AddressSearchMode,
  type AddressSearchResponse,
} from '@espace/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchableQuery } from '../lib/address-search-query';
import { api } from '../lib/api-client';

export const addressSearchQueryKey = (query: string) => ['address-search', query] as const;

export function searchAddresses(query: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ q: query });
  return api<AddressSearchResponse>(`${apiPath(API_ROUTES.addressSearch)}?${search}`, { signal });
}

export function addressSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: addressSearchQueryKey(query),
    queryFn: ({ signal }) => searchAddresses(query, signal),
    // The communes list only changes with a new release of the server.
    staleTime: Infinity,
  });
}

/** The suggestions for a settled search text; idle while the text is too short. */
export function useAddressSearch(text: string) {
  const query = searchableQuery(text);
  return useQuery({
    ...addressSearchQueryOptions(query ?? ''),
    enabled: query !== null,
    // While the next answer comes, the list keeps the previous one instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/v1/address/search-mode: whether the search finds streets, so that its label tells the
 * truth (docs/decisions/0044-address-truthfulness-and-complement.md). Until it answers, or if it
 * fails, the label promises the least: communes and postal codes.
 */
export function useAddressSearchMode(): AddressSearchMode {
  const mode = useQuery({
    queryKey: ['address-search-mode'],
    queryFn: ({ signal }) =>
      api<AddressSearchMode>(apiPath(API_ROUTES.addressSearchMode), { signal }),
    // The mode only changes with the server's configuration.
    staleTime: Infinity,
  });
  return mode.data ?? { streets: false };
}
