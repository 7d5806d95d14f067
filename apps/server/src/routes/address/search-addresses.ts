// GET /api/v1/address/search?q=…: the place search of /changeAddress (SPEC §2), a server call
// so that the browser loads no third-party script (ARCHITECTURE.md decision 7).
import {
  API_ROUTES,
  addressSearchQuerySchema,
  addressSearchResponseSchema,
  errorBodySchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AddressSearch } from '../../services/address/address-search';

export interface SearchAddressesOptions {
  search: AddressSearch;
}

export default async function searchAddressesRoute(
  app: FastifyInstance,
  { search }: SearchAddressesOptions,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.addressSearch,
    {
      schema: {
        tags: ['address'],
        summary: 'Recherche d’adresses françaises par code postal, commune ou voie',
        querystring: addressSearchQuerySchema,
        response: {
          200: addressSearchResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request) => ({ suggestions: await search.search(request.query.q) }),
  );
}
