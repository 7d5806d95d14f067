// PUT …/{policyNumber}/vehicle (SPEC §7): 204 once the request is recorded. The risk keeps the
// old vehicle until the broker confirms, within 48 h (SPEC §9).
import { vehicleChangeSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordChangeRequest, requireChangeablePolicy } from '../../../services/change-requests';
import { changeErrorResponses, changeRouteConfig, noContent, policyParams } from './params';

export default async function changeVehicleRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/policy/accounts/:accountId/:policyNumber/vehicle',
    {
      schema: {
        tags: ['policy'],
        summary: 'Demande le changement du véhicule assuré',
        params: policyParams,
        body: vehicleChangeSchema(),
        response: { 204: noContent, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request, reply) => {
      const { policyNumber } = request.params;
      await app.db.transaction().execute(async (trx) => {
        await requireChangeablePolicy(trx, request.accountId, policyNumber);
        await recordChangeRequest(trx, {
          type: 'change_vehicle',
          accountId: request.accountId,
          policyNumber,
          payload: request.body,
        });
      });
      return reply.code(204).send(null);
    },
  );
}
