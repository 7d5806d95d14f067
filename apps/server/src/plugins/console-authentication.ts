// Who calls the staff console's API (/backoffice/api, docs/console.md): a staff member signed
// in to the console, by its own cookie session (services/identity/staff-sessions.ts). Enforces,
// for every route of the scope it is registered in:
// - the request comes from this origin's pages (comesFromPortal: Sec-Fetch-Site, and for a write
//   SESSION_REQUEST_HEADER and the Origin), else 403, before any database read;
// - the console cookie names a live session of an enabled staff account, else 401. A customer's
//   session cookie or Bearer token, or an integration token, is not a console session: 401;
// - `requireRole('supervisor')` on a route refuses an agent with 403, and the refusal is in the
//   staff audit log (`staff.action_refused`: the method and the route).
// The staff member is `request.staff`.
import type { StaffRole } from '@espace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { consoleCookieName, consoleCookieSecret } from '../http/console-sessions';
import { comesFromPortal } from '../http/portal-sessions';
import { recordStaffEntry } from '../services/staff/audit';
import { findStaffSession, type StaffSession } from '../services/identity/staff-sessions';
import { CrossSiteError, ForbiddenError, UnauthorizedError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a console call (console-authentication.ts). */
    staff: StaffSession;
  }
}

export { consoleCookieName };

/** A preHandler refusing, with 403, a staff member without `role`. */
export function requireRole(role: StaffRole) {
  return async (request: FastifyRequest) => {
    if (request.staff.role === role) return;
    const from = { address: request.ip, userAgent: request.headers['user-agent'] ?? null };
    await recordStaffEntry(request.server.db, request.staff.id, from, {
      action: 'staff.action_refused',
      targetKind: 'route',
      targetId: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      details: { role: request.staff.role, required: role },
    });
    throw new ForbiddenError();
  };
}

export default fp(async function consoleAuthentication(app: FastifyInstance) {
  const { config, db } = app;
  const origin = new URL(config.publicUrl).origin;
  app.decorateRequest('staff', null as unknown as StaffSession);
  app.addHook('onRequest', async (request) => {
    const secret = consoleCookieSecret(request, config.publicUrl);
    if (!secret) throw new UnauthorizedError();
    if (!comesFromPortal(request, origin)) throw new CrossSiteError();
    const session = await findStaffSession(db, secret);
    if (!session) throw new UnauthorizedError();
    request.staff = session;
  });
});
