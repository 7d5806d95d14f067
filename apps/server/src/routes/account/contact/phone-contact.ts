// POST …/mail/phone-contact {phone} → 200 { reference } (docs/product/contact-and-faq.md, docs/decisions/0046-request-reference-on-success.md): a call-back request for customer service.
import { API_ROUTES, requestReceiptSchema, phoneContactSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestCallBack } from '../../../services/contact/contact';
import { accountParams } from '../../params';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { errorResponses } from '../../responses';

export default async function phoneContactRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.phoneContact,
    {
      schema: {
        tags: ['contact'],
        operationId: 'requestCallBack',
        summary: 'Demande de rappel par le service client',
        params: accountParams,
        body: phoneContactSchema,
        response: {
          200: requestReceiptSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.contact) },
    },
    async (request) => ({
      reference: await requestCallBack(
        { db: app.db, outbox: app.outbox },
        { accountId: request.accountId, tokenEmail: request.tokenEmail },
        request.body.phone,
      ),
    }),
  );
}
