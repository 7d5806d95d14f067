// The portal's cookie session, in front of the SPA (docs/decisions/0065-portal-session-cookie.md,
// 0066-writes-need-a-same-origin-header.md). It enforces:
// - the session cookie is HttpOnly, SameSite=Lax, and over https `__Host-`-prefixed and Secure
//   (this origin only, path /, no Domain); it holds a random secret whose hash is the row
//   (services/account/portal-sessions.ts); no token ever reaches the browser;
// - a page load without a live session starts sign-in in process (portal-sign-in.ts): the
//   sign-in form is the answer itself, or, with the provider's session still open, the portal's
//   page at once; the callback opens the session and the page is served at once (spa.ts);
// - sign-out is a POST carrying SESSION_REQUEST_HEADER from this origin: it ends the cookie's
//   session and its provider session (with the grants and tokens of that session) and clears
//   the cookies; a link or a form from another site cannot sign the customer out;
// - a staff subject (`staff:<id>`) never opens a portal session
//   (docs/decisions/0082-staff-sign-in-with-a-second-factor.md).
import { AUTH_SIGN_OUT_PATH, ERROR_CODES, MESSAGES } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { errorBody } from '../http/error-body';
import { comesFromPortal, type PortalSessions, type SignedIn } from '../http/portal-sessions';
import {
  closePortalSession,
  findPortalSession,
  openPortalSession,
  PORTAL_SESSION_TTL_SECONDS,
} from '../services/account/portal-sessions';
import { endProviderSession } from '../services/account/sessions';
import { isStaffSubject } from '../services/staff/staff-accounts';
import { readCookie } from './device-cookie';
import { renderErrorPage } from './pages';
import {
  beginSignIn,
  exchangeCode,
  pendingSignIn,
  PORTAL_CLIENT,
  SIGN_IN_COOKIE_MAX_AGE,
  type PendingSignIn,
} from './portal-client';
import { signInHere } from './portal-sign-in';

export interface PortalSessionOptions {
  db: Db;
  issuer: string;
  publicUrl: string;
  /** The provider's cookie keys (sign the sign-in cookie, derive the client's secret). */
  keys: string[];
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

  /** Exchanges the code and opens the session, its cookie set on `reply`. */
  const finish = async (
    reply: FastifyReply,
    pending: PendingSignIn,
    code: string,
  ): Promise<SignedIn | undefined> => {
    const exchanged = await exchangeCode(app, PORTAL_CLIENT, opts, code, pending.verifier);
    if (!exchanged || isStaffSubject(exchanged.subject)) return undefined;
    const opened = { accountId: exchanged.subject, providerSid: exchanged.providerSid };
    const secret = await openPortalSession(opts.db, opened);
    reply.header('set-cookie', cookies.set(cookies.session, secret, PORTAL_SESSION_TTL_SECONDS));
    return { ...opened, returnTo: pending.returnTo, cookie: `${cookies.session}=${secret}` };
  };

  const sessions: PortalSessions = {
    present: (request) => secretOf(request) !== undefined,
    async current(request) {
      const secret = secretOf(request);
      return secret ? findPortalSession(opts.db, secret) : undefined;
    },

    async signIn(request, reply, returnTo) {
      const begun = beginSignIn(PORTAL_CLIENT, opts.keys, opts.issuer, opts.publicUrl, returnTo);
      reply
        .header('set-cookie', cookies.set(cookies.signIn, begun.cookie, SIGN_IN_COOKIE_MAX_AGE))
        .header('cache-control', 'no-store');
      const here = await signInHere(app, request, reply, begun);
      if (here.kind === 'answered') return undefined;
      if (here.kind === 'code') {
        const done = await finish(reply, begun.pending, here.code);
        if (done) return done;
      }
      // Otherwise the browser goes to the provider itself.
      await reply.redirect(begun.url, 303);
      return undefined;
    },

    async callback(request, reply) {
      const query = request.query as Record<string, unknown>;
      const pending = pendingSignIn(
        PORTAL_CLIENT,
        opts.keys,
        readCookie(request.headers.cookie, cookies.signIn),
        query.state,
      );
      reply.header('set-cookie', cookies.clear(cookies.signIn)).header('cache-control', 'no-store');
      const done =
        pending && typeof query.code === 'string'
          ? await finish(reply, pending, query.code)
          : undefined;
      if (!done) await reply.code(400).type('text/html; charset=utf-8').send(renderErrorPage());
      return done;
    },
  };

  const publicOrigin = new URL(opts.publicUrl).origin;
  app.post(AUTH_SIGN_OUT_PATH, async (request, reply) => {
    if (!comesFromPortal(request, publicOrigin))
      return reply.code(403).send(errorBody(ERROR_CODES.forbidden, MESSAGES.api.crossSite));
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
