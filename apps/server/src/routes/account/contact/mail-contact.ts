// POST …/mail/mail-contact {text, email} → 204 (SPEC §7): a message for customer service. The
// reply address is the signed-in identity's (token, else account); a body `email` is ignored so
// nobody can send mail in another person's name.
import { errorBodySchema, mailContactSchema, MESSAGES, OUTBOX_TYPES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../../plugins/errors';
import type { Mailer } from '../../../services/mailer';
import { accountParams } from '../get-account';
import { contactIdentity, submitContactRequest } from './contact-service';

export default async function mailContactRoute(
  app: FastifyInstance,
  opts: { mailer: Mailer | undefined },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/account/accounts/:accountId/mail/mail-contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Message au service client',
        params: accountParams,
        body: mailContactSchema,
        response: {
          204: z.null().describe('Message enregistré'),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const who = await contactIdentity(app.db, request.accountId, request.tokenEmail);
      if (!who) throw new NotFoundError(MESSAGES.api.accountNotFound);
      const { text } = request.body;
      await submitContactRequest(app.db, opts.mailer, request.log, {
        type: OUTBOX_TYPES.mailContact,
        accountId: request.accountId,
        payload: { text, email: who.email, customerId: who.customerId },
        subject: `Message d’un client – ${who.customerId}`,
        text: [`De : ${who.name} (client ${who.customerId}) <${who.email}>`, '', text].join('\n'),
        replyTo: who.email,
      });
      return reply.code(204).send(null);
    },
  );
}
