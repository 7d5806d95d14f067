// POST …/mail/phone-contact {phone} → 204 (SPEC §7): a call-back request for customer service.
import { errorBodySchema, MESSAGES, OUTBOX_TYPES, phoneContactSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../../plugins/errors';
import type { Mailer } from '../../../services/mailer';
import { accountParams } from '../get-account';
import { contactIdentity, submitContactRequest } from './contact-service';

export default async function phoneContactRoute(
  app: FastifyInstance,
  opts: { mailer: Mailer | undefined },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/account/accounts/:accountId/mail/phone-contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Demande de rappel par le service client',
        params: accountParams,
        body: phoneContactSchema,
        response: {
          204: z.null().describe('Demande enregistrée'),
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
      const { phone } = request.body;
      await submitContactRequest(app.db, opts.mailer, request.log, {
        type: OUTBOX_TYPES.phoneContact,
        accountId: request.accountId,
        payload: { phone, customerId: who.customerId },
        subject: `Demande de rappel – client ${who.customerId}`,
        text: [
          `${who.name} (client ${who.customerId}, ${who.email}) demande à être rappelé(e).`,
          `Numéro : ${phone}`,
          `Délai promis : 48 h.`,
        ].join('\n'),
        replyTo: who.email,
      });
      return reply.code(204).send(null);
    },
  );
}
