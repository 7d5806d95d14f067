// PUT …/account/accounts/{accountId}/address (SPEC §7): 200 with the account as changed.
import { API_ROUTES, accountSchema, personalAddressChangeSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePersonalAddress } from '../../services/address-changes';
import { accountParams } from '../params';
import { addressErrorResponses, addressRouteConfig } from './responses';

export default async function changePersonalAddressRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.accountAddress,
    {
      schema: {
        tags: ['account'],
        summary: 'Change l’adresse personnelle du client',
        params: accountParams,
        body: personalAddressChangeSchema,
        response: { 200: accountSchema, ...addressErrorResponses },
      },
      config: addressRouteConfig,
    },
    async (request) => changePersonalAddress(app.db, request.accountId, request.body),
  );
}
