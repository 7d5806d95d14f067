// DELETE …/{policyNumber}/driver with a JSON body (docs/product/changes.md): 200 with its reference once the request is recorded.
import { API_ROUTES, requestReceiptSchema, driverRefSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestRemoveDriver } from '../../../services/changes/drivers';
import { policyParams } from '../../params';
import { changeErrorResponses, changeRouteConfig } from './params';

export default async function removeDriverRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    API_ROUTES.driver,
    {
      schema: {
        tags: ['policy'],
        operationId: 'removeDriver',
        summary: 'Demande le retrait d’un conducteur du contrat',
        params: policyParams,
        body: driverRefSchema(),
        response: { 200: requestReceiptSchema, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request) => ({
      reference: await requestRemoveDriver(
        app.db,
        request.accountId,
        request.params.policyNumber,
        request.body,
      ),
    }),
  );
}
