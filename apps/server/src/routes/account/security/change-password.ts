// PUT …/authentication/accounts/{accountId}/password {oldPassword, newPassword} → 204 (docs/product/account.md).
import { API_ROUTES, errorBodySchema, passwordChangeSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePassword } from '../../../services/account/change-password';
import { accountParams } from '../../params';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';

export default async function changePasswordRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.password,
    {
      schema: {
        tags: ['account'],
        operationId: 'changePassword',
        summary: 'Changer le mot de passe (les autres sessions sont fermées)',
        params: accountParams,
        body: passwordChangeSchema,
        response: {
          204: z.null().describe('Mot de passe changé'),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) },
    },
    async (request, reply) => {
      await changePassword(
        {
          db: app.db,
          embeddedProvider: app.config.oidc.embedded,
        },
        { accountId: request.accountId, sid: request.tokenSid },
        request.body,
      );
      return reply.code(204).send(null);
    },
  );
}
