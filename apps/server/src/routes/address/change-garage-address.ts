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
        // Redocly's no-ambiguous-paths (docs/decisions/0142-the-documents-say-what-the-server-does.md).
        description:
          'Le chemin est celui de la spécification du portail, à côté de `…/{policyNumber}/…`\u00a0: le serveur lit le segment littéral `address` avant un paramètre, si bien que `address` n’est jamais lu comme un numéro de contrat.',
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
