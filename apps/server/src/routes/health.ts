// Liveness (/healthz: the process answers) and readiness (/readyz: this instance should get
// traffic). /readyz answers 503 while the instance drains after SIGTERM (server.ts), and when the
// database or the document store cannot be reached, so a load balancer sends requests elsewhere
// (http/readiness.ts).
// The balancer's probes come every second or two from each balancer: a line each would bury
// the log, so they are logged only when they fail with an error (`logLevel: 'warn'`); metrics
// leave them out too (plugins/metrics.ts), and traces (platform/telemetry/start.ts).
// /metrics is never served here, whether metrics are on or not: they have their own port
// (METRICS_PORT, plugins/metrics.ts), which the balancer does not expose.
import { ERROR_CODES, MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/error-body';
import { readiness } from '../http/readiness';

export default async function healthRoutes(app: FastifyInstance) {
  const probe = { schema: { hide: true }, logLevel: 'warn' } as const;
  app.get('/healthz', probe, async () => ({ status: 'ok' }));
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.code(404).send(errorBody(ERROR_CODES.notFound, MESSAGES.api.notFound)),
  );
  app.get('/readyz', probe, async (_request, reply) => {
    const status = await readiness(app);
    return status === 'ready' ? { status } : reply.code(503).send({ status });
  });
}
