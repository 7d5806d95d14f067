// 'Mon compte' › « Sécurité »: the open sessions (docs/product/account.md,
// docs/decisions/0115-sessions-and-new-device-mail.md). GET …/sessions lists them, the caller's
// marked; DELETE …/sessions/{sessionId} ends one (404 when it is not an open session of the
// caller); DELETE …/sessions ends all but the caller's. An ended session's cookie and tokens are
// refused from its next request on, on every instance (services/identity/sign-ins.ts).
import { API_ROUTES, openSessionsSchema, sessionIdSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  endOpenSession,
  endOtherSessions,
  listOpenSessions,
} from '../../../services/identity/sign-ins';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { accountParams } from '../../params';
import { errorResponses } from '../../responses';

export default async function sessionsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    API_ROUTES.sessions,
    {
      schema: {
        tags: ['account'],
        operationId: 'listSessions',
        summary: 'Sessions ouvertes du compte (appareil, première et dernière utilisation)',
        params: accountParams,
        response: { 200: openSessionsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      sessions: await listOpenSessions(app.db, request.accountId, request.tokenSid),
    }),
  );

  routes.delete(
    API_ROUTES.session,
    {
      schema: {
        tags: ['account'],
        operationId: 'endSession',
        summary: 'Fermer une session ouverte (ses jetons et cookies sont refusés ensuite)',
        params: accountParams.extend({ sessionId: sessionIdSchema }),
        response: {
          204: z.null().describe('Session fermée'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) },
    },
    async (request, reply) => {
      await endOpenSession(
        app.db,
        { accountId: request.accountId, embeddedProvider: app.config.oidc.embedded },
        request.params.sessionId,
      );
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    API_ROUTES.sessions,
    {
      schema: {
        tags: ['account'],
        operationId: 'endOtherSessions',
        summary: 'Fermer toutes les autres sessions que celle-ci',
        params: accountParams,
        response: {
          204: z.null().describe('Autres sessions fermées'),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) },
    },
    async (request, reply) => {
      await endOtherSessions(app.db, {
        accountId: request.accountId,
        sid: request.tokenSid,
        embeddedProvider: app.config.oidc.embedded,
      });
      return reply.code(204).send(null);
    },
  );
}
