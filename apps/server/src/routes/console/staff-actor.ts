// Who does what in the console, for the audit log (services/staff/audit.ts): the signed-in staff
// member, the address as the proxy settings (TRUST_PROXY) see it, and the browser.
import type { FastifyRequest } from 'fastify';
import type { StaffActor } from '../../services/staff/audit';

export const actorOf = (request: FastifyRequest): StaffActor => ({
  id: request.staff.id,
  email: request.staff.email,
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
