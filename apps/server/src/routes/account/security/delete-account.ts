// DELETE …/account/accounts/{accountId} {password} → 204 (docs/product/account.md "Account deletion").
import { accountDeletionSchema, API_ROUTES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccount } from '../../../services/account/delete-account';
import { accountParams } from '../../params';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { errorResponses } from '../../responses';

export default async function deleteAccountRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    API_ROUTES.account,
    {
      schema: {
        tags: ['account'],
        operationId: 'deleteAccount',
        summary: 'Supprimer l’accès en ligne (les contrats restent chez le courtier)',
        params: accountParams,
        body: accountDeletionSchema,
        response: {
          204: z.null().describe('Accès en ligne supprimé'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) },
    },
    async (request, reply) => {
      await deleteAccount(
        {
          db: app.db,
          embeddedProvider: app.config.oidc.embedded,
        },
        { accountId: request.accountId, sid: request.tokenSid },
        request.body.password,
      );
      return reply.code(204).send(null);
    },
  );
}
