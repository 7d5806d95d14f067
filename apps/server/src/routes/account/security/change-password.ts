// PUT …/authentication/accounts/{accountId}/password {oldPassword, newPassword} → 204 (docs/product/account.md):
// every other session ends, the cookie of the browser that asked is renewed, and the change is
// mailed with its « Ce n’était pas moi » link.
import { API_ROUTES, passwordChangeSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePassword } from '../../../services/identity/change-password';
import { identityChangeDeps } from '../../../http/identity-change-links';
import { accountParams } from '../../params';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { errorResponses } from '../../responses';

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
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) },
    },
    async (request, reply) => {
      await changePassword(
        { ...identityChangeDeps(app), embeddedProvider: app.config.oidc.embedded },
        {
          accountId: request.accountId,
          sid: request.tokenSid,
          userAgent: request.headers['user-agent'],
        },
        request.body,
      );
      // The browser that changed it gets a new cookie: a copy of the old one dies here.
      await app.portalSessions.renew(request, reply);
      return reply.code(204).send(null);
    },
  );
}
