import { accountSchema, errorBodySchema, MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../plugins/errors';
import { findAccount } from '../../services/accounts';

export const accountParams = z.object({ accountId: z.string().min(1).max(100) });

export default async function getAccountRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/account/accounts/:accountId',
    {
      schema: {
        tags: ['account'],
        summary: 'Le compte du client connecté',
        params: accountParams,
        response: {
          200: accountSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const account = await findAccount(app.db, request.accountId);
      if (!account) throw new NotFoundError(MESSAGES.api.accountNotFound);
      return account;
    },
  );
}
