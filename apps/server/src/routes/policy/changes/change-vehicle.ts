// PUT …/{policyNumber}/vehicle (docs/product/changes.md): 200 with its reference once the request is recorded.
import { API_ROUTES, requestReceiptSchema, vehicleChangeSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestVehicleChange } from '../../../services/changes/vehicle';
import { policyParams } from '../../params';
import { changeErrorResponses, changeRouteConfig } from './params';

export default async function changeVehicleRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.vehicle,
    {
      schema: {
        tags: ['policy'],
        operationId: 'changeVehicle',
        summary: 'Demande le changement du véhicule assuré',
        params: policyParams,
        body: vehicleChangeSchema(),
        response: { 200: requestReceiptSchema, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request) => ({
      reference: await requestVehicleChange(
        app.db,
        request.accountId,
        request.params.policyNumber,
        request.body,
      ),
    }),
  );
}
