// PUT …/{policyNumber}/payment-details (docs/product/changes.md): 200 with the request's reference (the
// payment details change at once; docs/decisions/0046-request-reference-on-success.md).
import { API_ROUTES, requestReceiptSchema, paymentDetailsUpdateSchema } from '@espace/contract';
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
        operationId: 'changePaymentDetails',
        summary: 'Change les coordonnées bancaires du contrat',
        params: policyParams,
        body: paymentDetailsUpdateSchema,
        response: { 200: requestReceiptSchema, ...changeErrorResponses },
      },
      config: changeRouteConfig,
    },
    async (request) => ({
      reference: await changePaymentDetails(
        app.db,
        request.accountId,
        request.params.policyNumber,
        request.body,
      ),
    }),
  );
}
