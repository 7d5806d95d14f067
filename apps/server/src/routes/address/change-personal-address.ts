// PUT …/account/accounts/{accountId}/address (docs/product/addresses.md): 200 with the reference of the request
// (the address changes at once; docs/decisions/0046-request-reference-on-success.md).
import { API_ROUTES, requestReceiptSchema, personalAddressChangeSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePersonalAddress } from '../../services/address/address-changes';
import { accountParams } from '../params';
import { addressErrorResponses, addressRouteConfig } from './responses';

export default async function changePersonalAddressRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.accountAddress,
    {
      schema: {
        tags: ['account'],
        operationId: 'changePersonalAddress',
        summary: 'Change l’adresse personnelle du client',
        params: accountParams,
        body: personalAddressChangeSchema,
        response: { 200: requestReceiptSchema, ...addressErrorResponses },
      },
      config: addressRouteConfig,
    },
    async (request) => ({
      reference: await changePersonalAddress(app.db, request.accountId, request.body),
    }),
  );
}
