// /api/v1 with the portal's session cookie instead of a Bearer token
// (docs/decisions/0065-portal-session-cookie.md, 0066-writes-need-a-same-origin-header.md).
// authentication.ts calls it for a request without a Bearer token. It enforces, before any
// database read:
// - a request the browser marks as coming from another site or another origin of the site
//   (`Sec-Fetch-Site` other than `same-origin`, or `none` for a read typed in the address bar)
//   is refused with 403, so a page elsewhere can neither write nor probe with the cookie;
// - a write (any method but GET, HEAD, OPTIONS) must carry SESSION_REQUEST_HEADER: '1' and, when
//   the browser sends `Origin`, the portal's own: a cross-site form cannot set a header, and a
//   script of another origin cannot without a CORS preflight, which this server never grants.
//   SameSite=Lax already keeps the cookie off cross-site writes; this holds for a browser
//   without SameSite or a sibling subdomain, which is same-site;
// then the cookie's session must be live (portal-sessions.ts), else 401.
import { SESSION_REQUEST_HEADER } from '@espace/contract';
import type { FastifyRequest } from 'fastify';
import type { PortalSession } from '../services/account/portal-sessions';
import { CrossSiteError, UnauthorizedError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Throws CrossSiteError unless the request comes from the portal's own pages. */
export function sameOriginCheck(publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  return (request: FastifyRequest): void => {
    const safe = SAFE_METHODS.has(request.method);
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && !(safe && site === 'none'))
      throw new CrossSiteError();
    if (safe) return;
    if (request.headers[SESSION_REQUEST_HEADER] !== '1') throw new CrossSiteError();
    const sentOrigin = request.headers.origin;
    if (sentOrigin !== undefined && sentOrigin !== origin) throw new CrossSiteError();
  };
}

export interface CookieAuthentication {
  /** Whether the request carries the session cookie at all. */
  present(request: FastifyRequest): boolean;
  current(request: FastifyRequest): Promise<PortalSession | undefined>;
  assertSameOrigin(request: FastifyRequest): void;
}

/** The caller of a cookie request: checked for its origin first, then its session. */
export async function cookieCaller(
  request: FastifyRequest,
  cookies: CookieAuthentication | undefined,
): Promise<PortalSession> {
  if (!cookies?.present(request)) throw new UnauthorizedError();
  cookies.assertSameOrigin(request);
  const session = await cookies.current(request);
  if (!session) throw new UnauthorizedError();
  return session;
}
