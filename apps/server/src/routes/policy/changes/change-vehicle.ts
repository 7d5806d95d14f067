// PUT …/{policyNumber}/vehicle (SPEC §7): 204 once the request is recorded.
import { API_ROUTES, vehicleChangeSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestVehicleChange } from '../../../services/changes/vehicle';
import { policyParams } from '../../params';
import { changeErrorResponses, changeRouteConfig, noContent } from './params';

export default async function changeVehicleRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.vehicle,
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
      await requestVehicleChange(
        app.db,
        request.accountId,
        request.params.policyNumber,
        request.body,
      );
      return reply.code(204).send(null);
    },
  );
}
