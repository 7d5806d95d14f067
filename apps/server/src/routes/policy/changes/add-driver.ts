// POST …/{policyNumber}/driver (docs/product/changes.md, add-driver flow): 200 with its reference once the request is recorded.
import { API_ROUTES, requestReceiptSchema, newDriverSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestAddDriver } from '../../../services/changes/drivers';
import { policyParams } from '../../params';
import { changeErrorResponses, changeRouteConfig } from './params';

export default async function addDriverRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.driver,
    {
      schema: {
        tags: ['policy'],
        operationId: 'addDriver',
        summary: 'Demande l’ajout d’un conducteur au contrat',
        params: policyParams,
        body: newDriverSchema(),
        response: { 200: requestReceiptSchema, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request) => ({
      reference: await requestAddDriver(
        app.db,
        request.accountId,
        request.params.policyNumber,
        request.body,
      ),
    }),
  );
}
