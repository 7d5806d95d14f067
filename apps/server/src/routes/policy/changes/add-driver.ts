// POST …/{policyNumber}/driver (SPEC §7, add-driver flow): 204 once the request is recorded.
import { API_ROUTES, newDriverSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestAddDriver } from '../../../services/changes/drivers';
import { policyParams } from '../../params';
import { changeErrorResponses, changeRouteConfig, noContent } from './params';

export default async function addDriverRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.driver,
    {
      schema: {
        tags: ['policy'],
        summary: 'Demande l’ajout d’un conducteur au contrat',
        params: policyParams,
        body: newDriverSchema(),
        response: { 204: noContent, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request, reply) => {
      await requestAddDriver(app.db, request.accountId, request.params.policyNumber, request.body);
      return reply.code(204).send(null);
    },
  );
}
