// PUT …/{policyNumber}/payment-details (SPEC §7): 200 with the updated payment details. The
// portal owns them, so they change at once, in the transaction that records the request.
import { paymentDetailsSchema, paymentDetailsUpdateSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recordChangeRequest,
  requireChangeablePolicy,
  updatePaymentDetails,
} from '../../../services/change-requests';
import { changeErrorResponses, changeRouteConfig, policyParams } from './params';

export default async function changePaymentDetailsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/policy/accounts/:accountId/:policyNumber/payment-details',
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
    async (request) => {
      const { policyNumber } = request.params;
      return app.db.transaction().execute(async (trx) => {
        await requireChangeablePolicy(trx, request.accountId, policyNumber);
        const updated = await updatePaymentDetails(trx, policyNumber, request.body);
        await recordChangeRequest(trx, {
          type: 'change_payment_details',
          accountId: request.accountId,
          policyNumber,
          payload: request.body,
        });
        return updated;
      });
    },
  );
}
