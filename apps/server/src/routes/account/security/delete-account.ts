// DELETE …/account/accounts/{accountId} {password} → 204 (SPEC §4 "Account deletion", §7).
import { accountDeletionSchema, API_ROUTES, errorBodySchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccount } from '../../../services/account-security/delete-account';
import { accountParams } from '../../params';
import type { AccountSecurityRouteOptions } from './index';

export default async function deleteAccountRoute(
  app: FastifyInstance,
  opts: AccountSecurityRouteOptions,
) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    API_ROUTES.account,
    {
      schema: {
        tags: ['account'],
        summary: 'Supprimer l’accès en ligne (les contrats restent chez le courtier)',
        params: accountParams,
        body: accountDeletionSchema,
        response: {
          204: z.null().describe('Accès en ligne supprimé'),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await deleteAccount(
        {
          db: app.db,
          tokenValidity: opts.tokenValidity,
          embeddedProvider: app.config.oidc.embedded,
        },
        request.accountId,
        request.body.password,
      );
      return reply.code(204).send(null);
    },
  );
}
