// One log line per request, when it is answered (docs/decisions/0023-configuration-logs-and-
// health.md): Fastify's own request logging writes two ("incoming request", "request completed"),
// and each line is a write to the standard output, the most expensive call a read makes
// (docs/decisions/0068-api-reads-one-statement.md). The line carries what Fastify's did: the
// request (method, URL without secrets: http-server.ts's serializer), status and duration.
// No hook at all when the level is above info.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const INFO_OR_BELOW = new Set(['trace', 'debug', 'info']);

export default fp(async function requestLog(app: FastifyInstance) {
  if (!INFO_OR_BELOW.has(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
});
