// GET the signed-in customer's account (docs/product/account.md "Account").
import { accountSchema, API_ROUTES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmSession } from '../../plugins/authentication';
import { getAccount } from '../../services/account/accounts';
import { accountParams } from '../params';
import { errorResponses } from '../responses';

export default async function getAccountRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.account,
    {
      // The token's session is checked in the read's own statement
      // (docs/decisions/0068-api-reads-one-statement.md).
      config: { sessionInRead: true },
      schema: {
        tags: ['account'],
        operationId: 'getAccount',
        summary: 'Le compte du client connecté',
        params: accountParams,
        response: {
          200: accountSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const answer = await getAccount(app.db, request.session);
      confirmSession(request, answer.sessionAlive);
      return answer.account;
    },
  );
}
