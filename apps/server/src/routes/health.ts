// Liveness (/healthz: the process answers) and readiness (/readyz: this instance should get
// traffic). /readyz answers 503 while the instance drains after SIGTERM (server.ts), and when the
// database or the document store cannot be reached, so a load balancer sends requests elsewhere.
// /metrics is never served here, whether metrics are on or not: they have their own port
// (METRICS_PORT, plugins/metrics.ts), which the balancer does not expose.
import { ERROR_CODES, MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorBody } from '../http/error-body';

/** A key no document has (a valid v4 UUID): asking whether it exists reaches the store. */
const PROBE_KEY = '00000000-0000-4000-8000-000000000000';
const PROBE_TIMEOUT_MS = 2_000;

function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS).unref(),
    ),
  ]);
}

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.code(404).send(errorBody(ERROR_CODES.notFound, MESSAGES.api.notFound)),
  );
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await withinTimeout(
        Promise.all([sql`select 1`.execute(app.db), app.storage.exists(PROBE_KEY)]),
      );
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
