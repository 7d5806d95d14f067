// The embedded identity provider (oidc-provider, a Koa application) mounted under /oidc with
// middie (the endpoints that check a client secret throttled per address and client, within the
// mount: token-throttle.ts), its sign-in and password-reset pages, the portal's cookie sessions
// (portal-session.ts), the staff console's (console-session.ts), and the hourly purge of their
// expired rows.
// Registered only when OIDC_ISSUER names no other provider; not encapsulated (fastify-plugin):
// the middleware and the request-id hook belong to the whole server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredPayloads } from './provider/adapter';
import { interactionRoutes } from './customer-sign-in/interactions';
import notMeRoutes from './not-me/not-me-routes';
import type { ProviderSecrets } from './provider/keys';
import { createProvider } from './provider/provider';
import { portalSessions } from './client-sessions/portal-session';
import { consoleSessions } from './client-sessions/console-session';
import { secretEndpointsThrottle } from './provider/token-throttle';
import { purgeExpiredPortalSessions } from '../services/identity/portal-sessions';
import { purgeStepUps } from '../services/identity/step-up';

type RawWithRequestId = IncomingMessage & { requestId?: string };

export default fp(
  async function identityProvider(app: FastifyInstance, { secrets }: { secrets: ProviderSecrets }) {
    const { db, config } = app;
    const provider = createProvider(config, db, secrets);
    // The provider's failures reach the log with the request's id (a misconfigured
    // proxy once made every sign-in fail with nothing logged).
    app.addHook('onRequest', (request, _reply, done) => {
      (request.raw as RawWithRequestId).requestId = request.id;
      done();
    });
    provider.on('server_error', (ctx: { req: IncomingMessage }, err: unknown) => {
      const reqId = (ctx.req as RawWithRequestId).requestId;
      app.log.error({ reqId, err }, 'identity provider error');
    });
    await app.register(middie);
    // Koa's handler answers and reports its own errors; middie only needs it started. The client
    // secrets sent to the provider are counted first, within the mount: only /oidc pays for it.
    const oidc = provider.callback();
    const throttle = secretEndpointsThrottle(db);
    app.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) =>
      throttle(req, res, (err) => (err ? next(err) : void oidc(req, res))),
    );
    await app.register(interactionRoutes, {
      provider,
      db,
      config,
      deviceKeys: secrets.cookieKeys,
    });
    // « Ce n’était pas moi », the link of every mail about a change to a way in.
    await app.register(notMeRoutes);
    // The portal's cookie session, a confidential client of this provider
    // (docs/decisions/0065-portal-session-cookie.md): /api/v1 and the pages find it on the app.
    app.decorate(
      'portalSessions',
      portalSessions(app, {
        db,
        issuer: config.oidc.issuer,
        publicUrl: config.publicUrl,
        keys: secrets.cookieKeys,
        resumeCookie: provider.cookieName('resume'),
      }),
    );
    // The staff console's cookie session (docs/console.md « Connexion »).
    app.decorate(
      'consoleSessions',
      consoleSessions(app, {
        db,
        issuer: config.oidc.issuer,
        publicUrl: config.publicUrl,
        keys: secrets.cookieKeys,
      }),
    );
    const purgeExpired = () =>
      Promise.all([purgeExpiredPayloads(db), purgeExpiredPortalSessions(db), purgeStepUps(db)]);
    await purgeExpired();
    const purge = setInterval(() => void purgeExpired().catch(() => undefined), 3_600_000).unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'identity-provider' },
);
