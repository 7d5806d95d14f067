// DELETE …/{policyNumber}/driver with a JSON body (SPEC §7): 204 once the request is recorded.
import { API_ROUTES, driverRefSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestRemoveDriver } from '../../../services/changes/drivers';
import { policyParams } from '../../params';
import { changeErrorResponses, changeRouteConfig, noContent } from './params';

export default async function removeDriverRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    API_ROUTES.driver,
    {
      schema: {
        tags: ['policy'],
        summary: 'Demande le retrait d’un conducteur du contrat',
        params: policyParams,
        body: driverRefSchema(),
        response: { 204: noContent, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request, reply) => {
      await requestRemoveDriver(
        app.db,
        request.accountId,
        request.params.policyNumber,
        request.body,
      );
      return reply.code(204).send(null);
    },
  );
}
