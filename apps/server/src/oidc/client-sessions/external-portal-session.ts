// The portal's cookie session with an external provider (OIDC_ISSUER;
// docs/decisions/0084-external-provider-sessions.md): the same HttpOnly cookie, row, callback and
// sign-out as with the embedded provider (portal-cookie-session.ts,
// docs/decisions/0065-portal-session-cookie.md), the server being that provider's confidential
// client (OIDC_CLIENT_ID, OIDC_CLIENT_SECRET) through openid-client. It enforces:
// - the authorization-code flow with PKCE (S256) and `state`, the pending sign-in in the same
//   short signed cookie as the embedded client's (portal-client.ts), its key derived from the
//   client's secret; the browser goes to the provider and comes back to AUTH_CALLBACK_PATH;
// - the code is exchanged over HTTP at the provider's token endpoint (client_secret_basic), and
//   the ID token is checked (signature on the provider's JWKS, issuer, audience, expiry) by
//   openid-client; its `sub` must be a customer account of this portal, never a staff subject;
//   no token is kept: the row holds the account and the provider's session id (`sid`);
// - the sign-in, which happened at the provider, is recorded here with its device and, from a
//   browser that never came back from the provider for this account, mailed to the customer, by
//   the identity room's one function every sign-in path calls (services/identity/
//   new-device-mail.ts, docs/decisions/0141-every-sign-in-mails-its-new-device.md); the callback
//   then sets the account's known-device cookie (provider/device-cookie.ts);
// - a session ends at sign-out (the browser then goes on to the provider's end-session
//   endpoint, so the provider's own session ends too), after 8 hours, or as soon as the provider
//   posts a back-channel logout token for its session or account (AUTH_BACKCHANNEL_LOGOUT_PATH:
//   a signed JWT from that provider for this client, with the back-channel logout event);
// - the provider's metadata is fetched on the first sign-in, not at start, and fetched again
//   after a failure: the server starts while the provider is down, and sign-in says it is
//   unavailable (503) until it answers.
import { AUTH_CALLBACK_PATH, LOGGED_OUT_PATH } from '@espace/contract';
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import * as oidc from 'openid-client';
import { sendHtml } from '../../http/html';
import type { PortalSessions } from '../../http/portal-sessions';
import {
  findExternalPortalSession,
  portalAccountExists,
  purgeExpiredPortalSessions,
} from '../../services/identity/portal-sessions';
import { recordSignInAndMail } from '../../services/identity/new-device-mail';
import { isStaffSubject } from '../../services/staff/staff-accounts';
import { knownDevice } from '../provider/device-cookie';
import {
  backchannelLogout,
  externalProvider,
  type ExternalProviderOptions,
} from './external-provider';
import { renderErrorPage } from '../provider/pages';
import type { ServerClient } from '../provider/first-party-clients';
import { cookieSessions } from './portal-cookie-session';

export interface ExternalSessionOptions extends ExternalProviderOptions {
  publicUrl: string;
}

export function externalPortalSessions(
  app: FastifyInstance,
  opts: ExternalSessionOptions,
): PortalSessions {
  const provider = externalProvider(opts);
  const client: ServerClient = {
    clientId: opts.clientId,
    callbackPath: AUTH_CALLBACK_PATH,
    // The secret is the operator's (OIDC_CLIENT_SECRET), not derived: this label is unused.
    secretLabel: 'external-client-secret',
    cookieLabel: 'sign-in',
  };

  const unavailable = async (reply: FastifyReply, error: unknown) => {
    app.log.error({ err: error, issuer: opts.issuer }, 'external identity provider unreachable');
    await sendHtml(reply, 503, renderErrorPage());
  };

  // The known-device cookie's key, derived from the client's secret as the sign-in cookie's is.
  const device = {
    keys: [
      createHmac('sha256', opts.clientSecret).update('known-device-cookie').digest('base64url'),
    ],
    secure: opts.publicUrl.startsWith('https:'),
  };

  const sessions = cookieSessions(app, {
    db: opts.db,
    issuer: opts.issuer,
    publicUrl: opts.publicUrl,
    client,
    // The pending sign-in's cookie is signed with a key derived from the client's secret.
    keys: [
      createHmac('sha256', opts.clientSecret).update('portal-sign-in-cookie').digest('base64url'),
    ],
    find: findExternalPortalSession,

    // The browser goes to the provider's authorization endpoint: its form is not ours to answer.
    async signIn(_request, reply, returnTo, { begin }) {
      let endpoint: string | undefined;
      try {
        endpoint = (await provider()).config.serverMetadata().authorization_endpoint;
      } catch (error) {
        await unavailable(reply, error);
        return undefined;
      }
      if (!endpoint) {
        await unavailable(reply, new Error('no authorization_endpoint'));
        return undefined;
      }
      await reply.redirect(begin(reply, returnTo, endpoint).url, 303);
      return undefined;
    },

    // openid-client reads the code from the callback's own URL, and checks its `state` there.
    async exchange(request, pending) {
      let subject: string;
      let providerSid: string | undefined;
      try {
        const { config } = await provider();
        const tokens = await oidc.authorizationCodeGrant(
          config,
          new URL(request.url, opts.publicUrl),
          {
            pkceCodeVerifier: pending.verifier,
            expectedState: pending.state,
            idTokenExpected: true,
          },
        );
        const claims = tokens.claims()!;
        subject = claims.sub;
        providerSid = typeof claims.sid === 'string' ? claims.sid : undefined;
      } catch (error) {
        request.log.warn({ err: error }, 'external sign-in refused');
        return undefined;
      }
      if (isStaffSubject(subject) || !(await portalAccountExists(opts.db, subject))) {
        request.log.warn({ subject }, 'external sign-in of a subject with no portal account');
        return undefined;
      }
      // Without a `sid` only a logout naming the account ends the session.
      return { accountId: subject, providerSid: providerSid ?? `account:${subject}` };
    },

    // Where this server sees the provider's sign-in: recorded, and mailed from a new device.
    async opened(request, reply, session) {
      const known = knownDevice(device, { externalAccount: session.accountId }, request);
      await recordSignInAndMail(
        {
          db: opts.db,
          outbox: app.outbox,
          mail: { publicUrl: opts.publicUrl, brand: app.config.mailBrand },
        },
        {
          owner: { accountId: session.accountId },
          method: 'external',
          userAgent: request.headers['user-agent'],
          knownBrowser: known.deviceId !== undefined,
        },
      );
      reply.header('set-cookie', known.cookie());
    },

    // The browser then ends the provider's own session, which comes back to
    // 'Vous êtes déconnecté(e)': 200 with its address, 204 when the provider has no end-session.
    async signedOut() {
      const endSession = await provider()
        .then(({ config }) =>
          config.serverMetadata().end_session_endpoint
            ? oidc.buildEndSessionUrl(config, {
                post_logout_redirect_uri: `${opts.publicUrl}${LOGGED_OUT_PATH}`,
              }).href
            : undefined,
        )
        .catch(() => undefined);
      return endSession ? { endSession } : undefined;
    },
  });

  // The provider's back-channel logout (external-provider.ts).
  backchannelLogout(app, provider, opts);

  return sessions;
}

/**
 * Registered instead of the embedded provider (identity-provider.ts) when OIDC_ISSUER names
 * another: the pages and /api/v1 find the portal's session on the app, expired rows are purged
 * hourly. Not encapsulated (fastify-plugin): `portalSessions` belongs to the whole server.
 * Loaded only then (app.ts): openid-client stays out of the embedded configuration's memory.
 */
export default fp(
  async function externalIdentityProvider(app: FastifyInstance) {
    const { db, config } = app;
    app.decorate(
      'portalSessions',
      externalPortalSessions(app, {
        db,
        issuer: config.oidc.issuer,
        clientId: config.oidc.clientId,
        clientSecret: config.oidc.clientSecret!,
        publicUrl: config.publicUrl,
      }),
    );
    const purge = () => void purgeExpiredPortalSessions(db).catch(() => undefined);
    purge();
    const timer = setInterval(purge, 3_600_000).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'external-identity-provider' },
);
