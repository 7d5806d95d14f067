// GET /api/v1/address/search?q=…: the place search of /changeAddress (docs/product/addresses.md), a server call
// so that the browser loads no third-party script (docs/decisions/0017-offline-addresses.md).
// GET /api/v1/address/search-mode: whether it finds streets, so that its label tells the truth
// (docs/decisions/0044-address-truthfulness-and-complement.md).
import {
  API_ROUTES,
  addressSearchModeSchema,
  addressSearchQuerySchema,
  addressSearchResponseSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AddressSearch } from '../../services/address/address-search';
import { rateLimitPerAccount } from '../rate-limit';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { errorResponses } from '../responses';

export interface SearchAddressesOptions {
  search: AddressSearch;
}

export default async function searchAddressesRoute(
  app: FastifyInstance,
  { search }: SearchAddressesOptions,
) {
  await rateLimitPerAccount(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.addressSearch,
    {
      config: { rateLimit: routeLimit(RATE_LIMITS.addressSearch) },
      schema: {
        tags: ['address'],
        operationId: 'searchAddresses',
        summary: 'Recherche d’adresses françaises par code postal, commune ou voie',
        querystring: addressSearchQuerySchema,
        response: {
          200: addressSearchResponseSchema,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => ({ suggestions: await search.search(request.query.q) }),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.addressSearchMode,
    {
      schema: {
        tags: ['address'],
        operationId: 'getAddressSearchMode',
        summary: 'Ce que la recherche d’adresses trouve (communes seules, ou voies aussi)',
        response: { 200: addressSearchModeSchema, ...errorResponses(401) },
      },
    },
    () => ({ streets: search.streets }),
  );
}
