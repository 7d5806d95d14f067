// DELETE …/{policyNumber}/driver with a JSON body (SPEC §7): 204 once the request is recorded.
// The driver must be on the policy (names ignoring case and accents, and birth date) and must not
// be its principal driver, whose removal is a new contract rather than a change.
import { CHANGE_MESSAGES, driverRefSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../../plugins/errors';
import {
  ConflictError,
  findPolicyDriver,
  recordChangeRequest,
  requireChangeablePolicy,
} from '../../../services/change-requests';
import { changeErrorResponses, changeRouteConfig, noContent, policyParams } from './params';

export default async function removeDriverRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/policy/accounts/:accountId/:policyNumber/driver',
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
      const { policyNumber } = request.params;
      await app.db.transaction().execute(async (trx) => {
        await requireChangeablePolicy(trx, request.accountId, policyNumber);
        const driver = await findPolicyDriver(trx, policyNumber, request.body);
        if (!driver) throw new NotFoundError(CHANGE_MESSAGES.api.driverNotOnPolicy);
        if (driver.principal) throw new ConflictError(CHANGE_MESSAGES.api.principalDriver);
        await recordChangeRequest(trx, {
          type: 'remove_driver',
          accountId: request.accountId,
          policyNumber,
          payload: { ...request.body, driverId: driver.id },
        });
      });
      return reply.code(204).send(null);
    },
  );
}
