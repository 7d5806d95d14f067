// The console's work (docs/backoffice.md): the inbox, a request's page and its status changes and
// assignment, customer search and the customer's file, the audit log.
import type { FastifyInstance } from 'fastify';

export default async function workRoutes(_app: FastifyInstance) {}
