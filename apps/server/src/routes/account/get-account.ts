// GET the signed-in customer's account (docs/product/account.md "Account").
import { accountSchema, API_ROUTES, errorBodySchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getAccount } from '../../services/account/accounts';
import { accountParams } from '../params';

export default async function getAccountRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.account,
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
    async (request) => getAccount(app.db, request.accountId),
  );
}
