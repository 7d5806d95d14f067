// /api/v1 with the portal's session cookie instead of a Bearer token
// (docs/decisions/0065-portal-session-cookie.md, 0066-writes-need-a-same-origin-header.md).
// authentication.ts calls it for a request without a Bearer token. It enforces, before any
// database read, that the request comes from the portal's own pages (comesFromPortal in
// http/portal-sessions.ts), else 403: a page elsewhere can neither write nor probe with the
// cookie. SameSite=Lax already keeps the cookie off cross-site writes; the check holds for a
// browser without SameSite or a sibling subdomain, which is same-site. Then the cookie's session
// must be live (services/identity/portal-sessions.ts), else 401.
import type { FastifyRequest } from 'fastify';
import { comesFromPortal, type PortalSession } from '../http/portal-sessions';
import { CrossSiteError, UnauthorizedError } from './errors';

/** The caller of a cookie request: checked for its origin first, then its session. */
export async function cookieCaller(request: FastifyRequest): Promise<PortalSession> {
  const { portalSessions: sessions, config } = request.server;
  if (!sessions.present(request)) throw new UnauthorizedError();
  if (!comesFromPortal(request, new URL(config.publicUrl).origin)) throw new CrossSiteError();
  const session = await sessions.current(request);
  if (!session) throw new UnauthorizedError();
  return session;
}
