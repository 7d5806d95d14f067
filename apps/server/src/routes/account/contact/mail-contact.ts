// POST …/mail/mail-contact {text, email} → 200 { reference } (docs/product/contact-and-faq.md, docs/decisions/0046-request-reference-on-success.md): a message for customer service. A body
// `email` is accepted but ignored (services/contact/contact.ts answers at the signed-in identity's).
import { API_ROUTES, requestReceiptSchema, mailContactSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendContactMessage } from '../../../services/contact/contact';
import { accountParams } from '../../params';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { errorResponses } from '../../responses';

export default async function mailContactRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.mailContact,
    {
      schema: {
        tags: ['contact'],
        operationId: 'sendContactMessage',
        summary: 'Message au service client',
        params: accountParams,
        body: mailContactSchema,
        response: {
          200: requestReceiptSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.contact) },
    },
    async (request) => ({
      reference: await sendContactMessage(
        { db: app.db, outbox: app.outbox },
        { accountId: request.accountId, tokenEmail: request.tokenEmail },
        request.body.text,
      ),
    }),
  );
}
