// PUT …/policy/accounts/{accountId}/address/{policyNumber} (docs/product/addresses.md): 200 with its reference once the
// request for the broker is recorded; the garage address shown stays until the broker confirms it.
import { API_ROUTES, addressChangeSchema, requestReceiptSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestGarageAddressChange } from '../../services/address/address-changes';
import { policyParams } from '../params';
import { addressErrorResponses, addressRouteConfig } from './responses';

export default async function changeGarageAddressRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.garageAddress,
    {
      schema: {
        tags: ['policy'],
        operationId: 'changeGarageAddress',
        summary: 'Demande le changement de l’adresse du lieu de garage',
        params: policyParams,
        body: addressChangeSchema,
        response: { 200: requestReceiptSchema, ...addressErrorResponses },
      },
      config: addressRouteConfig,
    },
    async (request) => ({
      reference: await requestGarageAddressChange(
        app.db,
        request.accountId,
        request.params.policyNumber,
        request.body,
      ),
    }),
  );
}
