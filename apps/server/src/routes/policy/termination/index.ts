// The termination route (docs/product/termination.md terminate), its receipt mailed through the
// outbox relay (plugins/outbox.ts), with the per-account rate limit of write endpoints
// (docs/decisions/0012-security-baseline.md).
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../../rate-limit';
import terminateRoute from './terminate';

export default async function terminationRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await app.register(terminateRoute);
}
