// The console's work (docs/console.md): the inbox, a request's page and its status changes and
// assignment (request-routes.ts), customer search and the customer's file (customer-routes.ts),
// the audit log for supervisors (audit-routes.ts), the « Messages » (conversation-routes.ts),
// the complaints (complaint-routes.ts).
import type { FastifyInstance } from 'fastify';
import auditRoutes from './audit-routes';
import complaintRoutes from './complaint-routes';
import conversationRoutes from './conversation-routes';
import customerRoutes from './customer-routes';
import requestRoutes from './request-routes';

export default async function workRoutes(app: FastifyInstance) {
  await app.register(requestRoutes);
  await app.register(customerRoutes);
  await app.register(auditRoutes);
  await app.register(conversationRoutes);
  await app.register(complaintRoutes);
}
