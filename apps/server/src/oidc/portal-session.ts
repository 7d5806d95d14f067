// The portal's cookie session, in front of the SPA (docs/decisions/0065-portal-session-cookie.md,
// 0066-writes-need-a-same-origin-header.md). It enforces:
// - the session cookie is HttpOnly, SameSite=Lax, and over https `__Host-`-prefixed and Secure
//   (this origin only, path /, no Domain); it holds a random secret whose hash is the row
//   (services/account/portal-sessions.ts); no token ever reaches the browser;
// - a page load without a live session goes straight to the provider (one redirect, no script);
//   the callback opens the session and the page is served at once (spa.ts), no second redirect;
// - sign-out is a POST carrying SESSION_REQUEST_HEADER from this origin: it ends the cookie's
//   session and its provider session (with the grants and tokens of that session) and clears
//   the cookies; a link or a form from another site cannot sign the customer out.
import { AUTH_SIGN_IN_PATH, AUTH_SIGN_OUT_PATH } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import {
  closePortalSession,
  findPortalSession,
  openPortalSession,
  PORTAL_SESSION_TTL_SECONDS,
  type PortalSession,
} from '../services/account/portal-sessions';
import { endProviderSession } from '../services/account/sessions';
import { readCookie } from './device-cookie';
import { renderErrorPage } from './pages';
import {
  beginSignIn,
  exchangeCode,
  pendingSignIn,
  safeReturnPath,
  SIGN_IN_COOKIE_MAX_AGE,
} from './portal-client';

export interface PortalSessionOptions {
  db: Db;
  issuer: string;
  publicUrl: string;
  /** The provider's cookie keys (sign the sign-in cookie, derive the client's secret). */
  keys: string[];
  /** Whether a request may act with the cookie (cookie-session.ts's cross-site checks). */
  assertSameOrigin(request: FastifyRequest): void;
}

export interface PortalSessions {
  /** Whether the request carries the session cookie at all. */
  present(request: FastifyRequest): boolean;
  /** The live session of the request's cookie, or undefined. */
  current(request: FastifyRequest): Promise<PortalSession | undefined>;
  assertSameOrigin(request: FastifyRequest): void;
  /** Answers with the redirect to the provider that starts a sign-in. */
  signIn(reply: FastifyReply, returnTo: string): FastifyReply;
  /** Finishes a sign-in; undefined when it answered itself (an error page). */
  callback(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<(PortalSession & { returnTo: string; cookie: string }) | undefined>;
}

export function cookieNames(publicUrl: string) {
  const secure = publicUrl.startsWith('https:');
  const prefix = secure ? '__Host-' : '';
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    session: `${prefix}espace-session`,
    signIn: `${prefix}espace-sign-in`,
    set: (name: string, value: string, maxAge: number) =>
      `${name}=${value}; ${attributes}; Max-Age=${maxAge}`,
    clear: (name: string) => `${name}=; ${attributes}; Max-Age=0`,
  };
}

export function portalSessions(app: FastifyInstance, opts: PortalSessionOptions): PortalSessions {
  const cookies = cookieNames(opts.publicUrl);
  const secretOf = (request: FastifyRequest) => readCookie(request.headers.cookie, cookies.session);

  const sessions: PortalSessions = {
    present: (request) => secretOf(request) !== undefined,
    assertSameOrigin: opts.assertSameOrigin,
    async current(request) {
      const secret = secretOf(request);
      return secret ? findPortalSession(opts.db, secret) : undefined;
    },

    signIn(reply, returnTo) {
      const { cookie, url } = beginSignIn(opts.keys, opts.issuer, opts.publicUrl, returnTo);
      return reply
        .header('set-cookie', cookies.set(cookies.signIn, cookie, SIGN_IN_COOKIE_MAX_AGE))
        .header('cache-control', 'no-store')
        .redirect(url, 303);
    },

    async callback(request, reply) {
      const query = request.query as Record<string, unknown>;
      const pending = pendingSignIn(
        opts.keys,
        readCookie(request.headers.cookie, cookies.signIn),
        query.state,
      );
      reply.header('set-cookie', cookies.clear(cookies.signIn)).header('cache-control', 'no-store');
      const opened =
        pending && typeof query.code === 'string'
          ? await exchangeCode(app, opts, query.code, pending.verifier)
          : undefined;
      if (!pending || !opened) {
        await reply.code(400).type('text/html; charset=utf-8').send(renderErrorPage());
        return undefined;
      }
      const secret = await openPortalSession(opts.db, opened);
      reply.header('set-cookie', cookies.set(cookies.session, secret, PORTAL_SESSION_TTL_SECONDS));
      return { ...opened, returnTo: pending.returnTo, cookie: `${cookies.session}=${secret}` };
    },
  };

  app.get<{ Querystring: { returnTo?: string } }>(AUTH_SIGN_IN_PATH, (request, reply) =>
    sessions.signIn(reply, safeReturnPath(request.query.returnTo)),
  );

  app.post(AUTH_SIGN_OUT_PATH, async (request, reply) => {
    opts.assertSameOrigin(request);
    const secret = secretOf(request);
    const closed = secret ? await closePortalSession(opts.db, secret) : undefined;
    if (closed) await endProviderSession(opts.db, closed.accountId, closed.providerSid);
    return reply
      .code(204)
      .header('set-cookie', cookies.clear(cookies.session))
      .header('cache-control', 'no-store')
      .send();
  });

  return sessions;
}
