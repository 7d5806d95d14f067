// What the portal's cookie session (oidc/client-sessions/portal-cookie-session.ts) shares with the plugins that
// use it (plugins/cookie-session.ts for /api/v1, plugins/spa.ts for the pages;
// docs/decisions/0065-portal-session-cookie.md, 0066-writes-need-a-same-origin-header.md): its
// interface, found on the app as `app.portalSessions` (either provider), the check
// that a request comes from the portal's own pages, and the paths a sign-in may return to.
import { SESSION_REQUEST_HEADER } from '@espace/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by the embedded provider (oidc/identity-provider.ts) or, with another one, by
     * oidc/client-sessions/external-portal-session.ts.
     */
    portalSessions: PortalSessions;
  }
}

export interface PortalSession {
  accountId: string;
  /** The provider session it belongs to (what a password change keeps). */
  providerSid: string;
}

/** A sign-in just completed: the page is served for it at once (spa.ts). */
export interface SignedIn extends PortalSession {
  /** The path asked for before sign-in. */
  returnTo: string;
}

export interface PortalSessions {
  /** Whether the request carries the session cookie at all. */
  present(request: FastifyRequest): boolean;
  /** The live session of the request's cookie, or undefined. */
  current(request: FastifyRequest): Promise<PortalSession | undefined>;
  /**
   * Starts a sign-in: answers with the sign-in form (or the redirect to the provider) and
   * returns undefined, or returns the session opened at once on the provider's open session.
   */
  signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    returnTo: string,
  ): Promise<SignedIn | undefined>;
  /**
   * Gives the request's cookie session a new secret and sets it on `reply` (a password change):
   * a copy of the old cookie opens nothing any more.
   */
  renew(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Finishes a sign-in; undefined when it answered itself (an error page). */
  callback(request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request with the session cookie comes from the portal's own pages: a browser that
 * marks it as from another site or another origin of the site (`Sec-Fetch-Site` other than
 * `same-origin`, or `none` for a read typed in the address bar) is refused; a write must also
 * carry SESSION_REQUEST_HEADER: '1' and, when the browser sends `Origin`, the portal's own.
 */
export function comesFromPortal(request: FastifyRequest, publicOrigin: string): boolean {
  const safe = SAFE_METHODS.has(request.method);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && !(safe && site === 'none')) return false;
  if (safe) return true;
  const origin = request.headers.origin;
  return (
    request.headers[SESSION_REQUEST_HEADER] === '1' &&
    (origin === undefined || origin === publicOrigin)
  );
}

/** A path of this origin to go back to after sign-in; anything else is the home page. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value) || value.startsWith('/auth/'))
    return '/';
  return /^[\x21-\x7e]*$/.test(value) ? value : '/';
}
