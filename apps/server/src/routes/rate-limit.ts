// Per-account rate limits of a group of routes (ARCHITECTURE.md decision 9): each route of the
// group sets its own `config.rateLimit`. Registered inside the authenticated scope, after the
// token is checked, so requests are counted per account, not per shared network address.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export async function rateLimitPerAccount(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.accountId || request.ip,
  });
}
