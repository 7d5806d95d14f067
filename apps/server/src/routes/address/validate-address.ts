// POST …/account/accounts/{accountId}/validateAddress (SPEC §4 "Address save", §7): 204 when the
// communes list recognises the address, else 400 with the French reason and the field to look at.
import { API_ROUTES, addressSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validateAddress } from '../../services/address/validate-address';
import { accountParams } from '../params';
import { addressErrorResponses, addressRouteConfig, noContent } from './responses';

export default async function validateAddressRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.validateAddress,
    {
      schema: {
        tags: ['account'],
        summary: 'Vérifie une adresse française (code postal et commune)',
        params: accountParams,
        body: addressSchema,
        response: { 204: noContent, ...addressErrorResponses },
      },
      config: addressRouteConfig,
    },
    async (request, reply) => {
      await validateAddress(request.body);
      return reply.code(204).send(null);
    },
  );
}
