// POST …/mail/phone-contact {phone} → 204 (SPEC §7): a call-back request for customer service.
import { API_ROUTES, errorBodySchema, phoneContactSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestCallBack } from '../../../services/contact';
import type { Mailer } from '../../../services/mailer';
import { accountParams } from '../../params';

export default async function phoneContactRoute(
  app: FastifyInstance,
  opts: { mailer: Mailer | undefined },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.phoneContact,
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
      await requestCallBack(
        { db: app.db, mailer: opts.mailer, log: request.log },
        { accountId: request.accountId, tokenEmail: request.tokenEmail },
        request.body.phone,
      );
      return reply.code(204).send(null);
    },
  );
}
