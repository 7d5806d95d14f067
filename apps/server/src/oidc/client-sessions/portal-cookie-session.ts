// The portal's cookie session, what both providers share
// (docs/decisions/0065-portal-session-cookie.md, 0066-writes-need-a-same-origin-header.md): the
// embedded provider (portal-session.ts) and an external one (external-portal-session.ts,
// docs/decisions/0084-external-provider-sessions.md) give only how a session is found, how a
// sign-in starts, how its code is exchanged and what sign-out answers. It enforces:
// - the session cookie is HttpOnly, SameSite=Lax, and over https `__Host-`-prefixed and Secure
//   (this origin only, path /, no Domain); it holds a random secret whose hash is the row
//   (services/identity/portal-sessions.ts); no token ever reaches the browser;
// - the pending sign-in waits in its own short signed cookie (portal-client.ts), cleared by the
//   callback whatever comes of it; a callback without it, its `state` or a code the provider
//   accepts gets the « Connexion impossible » page (400) and no session;
// - sign-out is a POST carrying SESSION_REQUEST_HEADER from this origin: it ends the cookie's
//   session and clears the cookie; a link or a form from another site cannot sign the customer
//   out (403).
import { AUTH_SIGN_OUT_PATH, ERROR_CODES, MESSAGES, type SignOutAnswer } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { errorBody } from '../../http/error-body';
import { sendHtml } from '../../http/html';
import {
  comesFromPortal,
  type PortalSession,
  type PortalSessions,
  type SignedIn,
} from '../../http/portal-sessions';
import {
  closePortalSession,
  openPortalSession,
  PORTAL_SESSION_TTL_SECONDS,
} from '../../services/identity/portal-sessions';
import { readCookie } from '../provider/device-cookie';
import { renewSession } from '../../services/identity/session-secret';
import { renderErrorPage } from '../provider/pages';
import {
  beginSignIn,
  pendingSignIn,
  SIGN_IN_COOKIE_MAX_AGE,
  type PendingSignIn,
} from './portal-client';
import type { ServerClient } from '../provider/first-party-clients';

/** What a provider's `signIn` is given to start a sign-in and to finish one at once. */
export interface SignInSteps {
  /** A new pending sign-in, its cookie set on `reply`; the browser is to go to its `url`. */
  begin(
    reply: FastifyReply,
    returnTo: string,
    authorizationEndpoint?: string,
  ): ReturnType<typeof beginSignIn>;
  /** Exchanges the code and opens the session, its cookie set on `reply`. */
  finish(
    request: FastifyRequest,
    reply: FastifyReply,
    pending: PendingSignIn,
    code: string,
  ): Promise<SignedIn | undefined>;
}

/** What differs from one provider to the other. */
export interface CookieSessionParts {
  db: Db;
  issuer: string;
  publicUrl: string;
  /** The portal's client at the provider, and the keys that sign its pending sign-in's cookie. */
  client: ServerClient;
  keys: string[];
  /** The live session of a cookie's secret, or undefined. */
  find(db: Db, secret: string): Promise<PortalSession | undefined>;
  /** PortalSessions.signIn, with the steps it shares. */
  signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    returnTo: string,
    steps: SignInSteps,
  ): Promise<SignedIn | undefined>;
  /** The session the sign-in's code opens, or undefined when it is refused. */
  exchange(
    request: FastifyRequest,
    pending: PendingSignIn,
    code: string,
  ): Promise<PortalSession | undefined>;
  /**
   * Ends what else sign-out ends once the cookie's session is closed (`closed`, if it lived);
   * returns the answer's body (200), or undefined for 204.
   */
  signedOut(closed: PortalSession | undefined): Promise<SignOutAnswer | undefined>;
  /** What else opening `session` does (the embedded provider ties it to its sign-in). */
  opened?(request: FastifyRequest, reply: FastifyReply, session: PortalSession): Promise<void>;
}

/** The session's and the pending sign-in's cookies: `__Host-` and Secure over https only. */
function cookieNames(publicUrl: string) {
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

/** The portal's sessions on `parts`; registers AUTH_SIGN_OUT_PATH. */
export function cookieSessions(app: FastifyInstance, parts: CookieSessionParts): PortalSessions {
  const { db, client, keys } = parts;
  const cookies = cookieNames(parts.publicUrl);
  const secretOf = (request: FastifyRequest) => readCookie(request.headers.cookie, cookies.session);

  const steps: SignInSteps = {
    begin(reply, returnTo, authorizationEndpoint) {
      const begun = beginSignIn(
        client,
        keys,
        parts.issuer,
        parts.publicUrl,
        returnTo,
        authorizationEndpoint,
      );
      reply
        .header('set-cookie', cookies.set(cookies.signIn, begun.cookie, SIGN_IN_COOKIE_MAX_AGE))
        .header('cache-control', 'no-store');
      return begun;
    },

    async finish(request, reply, pending, code) {
      const opened = await parts.exchange(request, pending, code);
      if (!opened) return undefined;
      const secret = await openPortalSession(db, opened);
      reply.header('set-cookie', cookies.set(cookies.session, secret, PORTAL_SESSION_TTL_SECONDS));
      await parts.opened?.(request, reply, opened);
      return { ...opened, returnTo: pending.returnTo };
    },
  };

  const sessions: PortalSessions = {
    present: (request) => secretOf(request) !== undefined,
    async current(request) {
      const secret = secretOf(request);
      return secret ? parts.find(db, secret) : undefined;
    },

    signIn: (request, reply, returnTo) => parts.signIn(request, reply, returnTo, steps),

    async renew(request, reply) {
      const secret = secretOf(request);
      const renewed = secret ? await renewSession(db, 'portal_sessions', secret) : undefined;
      if (renewed)
        reply.header(
          'set-cookie',
          cookies.set(cookies.session, renewed, PORTAL_SESSION_TTL_SECONDS),
        );
    },

    async callback(request, reply) {
      const query = request.query as Record<string, unknown>;
      const pending = pendingSignIn(
        client,
        keys,
        readCookie(request.headers.cookie, cookies.signIn),
        query.state,
      );
      reply.header('set-cookie', cookies.clear(cookies.signIn)).header('cache-control', 'no-store');
      const done =
        pending && typeof query.code === 'string'
          ? await steps.finish(request, reply, pending, query.code)
          : undefined;
      if (!done) await sendHtml(reply, 400, renderErrorPage());
      return done;
    },
  };

  const publicOrigin = new URL(parts.publicUrl).origin;
  app.post(AUTH_SIGN_OUT_PATH, async (request, reply) => {
    if (!comesFromPortal(request, publicOrigin))
      return reply.code(403).send(errorBody(ERROR_CODES.forbidden, MESSAGES.api.crossSite));
    const secret = secretOf(request);
    const closed = secret ? await closePortalSession(db, secret) : undefined;
    const answer = await parts.signedOut(closed);
    reply.header('set-cookie', cookies.clear(cookies.session)).header('cache-control', 'no-store');
    return answer ? reply.code(200).send(answer) : reply.code(204).send();
  });

  return sessions;
}
