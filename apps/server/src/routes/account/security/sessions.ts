// 'Mon compte' › « Sécurité »: the open sessions (docs/product/account.md,
// docs/decisions/0115-sessions-and-new-device-mail.md). GET …/sessions lists them, the caller's
// marked; DELETE …/sessions/{sessionId} ends one (404 when it is not an open session of the
// caller); DELETE …/sessions ends all but the caller's. An ended session's cookie and tokens are
// refused from its next request on, on every instance (services/identity/sign-ins.ts). Both
// answer the passkeys the ended sessions added (docs/decisions/0141), which DELETE
// …/passkeys/{passkeyId} removes.
import {
  API_ROUTES,
  endedSessionsSchema,
  openSessionsSchema,
  sessionIdSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
        summary:
          'Fermer une session ouverte (ses jetons et cookies sont refusés ensuite)\u00a0; la réponse liste les clés d’accès ajoutées depuis elle',
        params: accountParams.extend({ sessionId: sessionIdSchema }),
        response: {
          200: endedSessionsSchema.describe(
            'Session fermée, et les clés d’accès ajoutées depuis elle',
          ),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) },
    },
    async (request) => ({
      passkeysAdded: await endOpenSession(
        app.db,
        { accountId: request.accountId, embeddedProvider: app.config.oidc.embedded },
        request.params.sessionId,
      ),
    }),
  );

  routes.delete(
    API_ROUTES.sessions,
    {
      schema: {
        tags: ['account'],
        operationId: 'endOtherSessions',
        summary:
          'Fermer toutes les autres sessions que celle-ci\u00a0; la réponse liste les clés d’accès ajoutées depuis elles',
        params: accountParams,
        response: {
          200: endedSessionsSchema.describe(
            'Autres sessions fermées, et les clés d’accès ajoutées depuis elles',
          ),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) },
    },
    async (request) => ({
      passkeysAdded: await endOtherSessions(app.db, {
        accountId: request.accountId,
        sid: request.tokenSid,
        embeddedProvider: app.config.oidc.embedded,
      }),
    }),
  );
}
