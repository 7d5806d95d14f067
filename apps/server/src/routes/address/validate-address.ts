// POST …/account/accounts/{accountId}/validateAddress (docs/product/addresses.md "Address save"): 204 when the
// communes list recognises the address and the search confirms its street, else 400 with the
// French reason and the field to look at (offline, the street is always unverified:
// docs/decisions/0044-address-truthfulness-and-complement.md).
import { API_ROUTES, addressSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressSearch } from '../../services/address/address-search';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validateAddress } from '../../services/address/validate-address';
import { accountParams } from '../params';
import { addressErrorResponses, addressRouteConfig, noContent } from './responses';

export default async function validateAddressRoute(
  app: FastifyInstance,
  { search }: { search: AddressSearch },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.validateAddress,
    {
      schema: {
        tags: ['account'],
        operationId: 'validateAddress',
        summary: 'Vérifie une adresse française (code postal, commune et voie)',
        params: accountParams,
        body: addressSchema,
        response: { 204: noContent, ...addressErrorResponses },
      },
      config: addressRouteConfig,
    },
    async (request, reply) => {
      await validateAddress(request.body, search);
      return reply.code(204).send(null);
    },
  );
}
