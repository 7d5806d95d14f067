// PUT …/{policyNumber}/payment-details (SPEC §7): 200 with the updated payment details.
import { API_ROUTES, paymentDetailsSchema, paymentDetailsUpdateSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePaymentDetails } from '../../../services/changes/payment-details';
import { policyParams } from '../../params';
import { changeErrorResponses, changeRouteConfig } from './params';

export default async function changePaymentDetailsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.paymentDetails,
    {
      schema: {
        tags: ['policy'],
        summary: 'Change les coordonnées bancaires du contrat',
        params: policyParams,
        body: paymentDetailsUpdateSchema,
        response: { 200: paymentDetailsSchema, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request) =>
      changePaymentDetails(app.db, request.accountId, request.params.policyNumber, request.body),
  );
}
