// POST …/{policyNumber}/driver (SPEC §7, add-driver flow): 204 once the request is recorded.
// The driver joins the policy only when the broker confirms (no row in `drivers` yet).
import { CHANGE_MESSAGES, newDriverSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConflictError,
  findPolicyDriver,
  recordChangeRequest,
  requireChangeablePolicy,
} from '../../../services/change-requests';
import { changeErrorResponses, changeRouteConfig, noContent, policyParams } from './params';

export default async function addDriverRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/policy/accounts/:accountId/:policyNumber/driver',
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
      const { policyNumber } = request.params;
      await app.db.transaction().execute(async (trx) => {
        await requireChangeablePolicy(trx, request.accountId, policyNumber);
        if (await findPolicyDriver(trx, policyNumber, request.body)) {
          throw new ConflictError(CHANGE_MESSAGES.api.driverAlreadyOnPolicy);
        }
        await recordChangeRequest(trx, {
          type: 'add_driver',
          accountId: request.accountId,
          policyNumber,
          payload: request.body,
        });
      });
      return reply.code(204).send(null);
    },
  );
}
