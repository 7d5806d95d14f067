// The server's metrics in Prometheus's format (docs/operations.md « Metrics »,
// docs/decisions/0110-metrics-on-their-own-port.md), registered only with METRICS_PORT. Enforces:
// - every request to a route the app declares is timed by fastify-metrics under its route's
//   template (`/api/v1/policy/accounts/:id`, never the id), its method and its status; the
//   health checks are left out (the balancer's probes, and 503 while draining is no error);
// - Node's own metrics (event-loop delay, heap, garbage collection) come from prom-client;
// - what several instances share is read from the database at each scrape, never counted in one
//   process: the outbox's backlog and its oldest pending row's age per channel;
// - the database's pool (PostgreSQL) or PGlite's worker queue, as they were when the scrape came,
//   before its own reads (the backlog, the readiness probe) asked the pool for connections: an
//   idle instance shows no query waiting; and each statement's duration;
// - `espace_ready`: what /readyz would answer (http/readiness.ts), for the readiness alert;
// - `app.metricsText()` answers the exposition, served at GET /metrics on METRICS_HOST:METRICS_PORT
//   by a listener of its own, open while the app is (the public listener does not serve it: an
//   unknown route there, 404).
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMetrics from 'fastify-metrics';
import promClient, { Gauge, Registry } from 'prom-client';
import type { DatabaseHandle, DatabaseStats } from '../db/client';
import { readiness } from '../http/readiness';
import { installCounters } from './metrics-counters';
import { outboxBacklog } from '../platform/outbox/backlog';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus exposition of this process (server.ts serves it on METRICS_PORT). */
    metricsText(): Promise<{ contentType: string; body: string }>;
  }
}

/** Seconds; from a cached read (a few ms) to an upload on a slow line. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const CHANNELS = ['mail', 'webhook', 'amqp', 'export'] as const;

export default fp(async function metrics(
  app: FastifyInstance,
  { database, listen }: { database: DatabaseHandle; listen: { port: number; host: string } },
) {
  const registry = new Registry();
  const queryDuration = installCounters(registry);
  await app.register(fastifyMetrics, {
    name: 'routeMetrics',
    promClient,
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: true,
      routeBlacklist: ['/healthz', '/readyz', '/metrics'],
      overrides: {
        histogram: {
          name: 'espace_http_request_duration_seconds',
          help: 'Requests by route template, method and status, and their duration',
          buckets: DURATION_BUCKETS,
          registers: [registry],
        },
      },
    },
  });

  // One read of the outbox per scrape, shared by the two gauges that show it.
  let read: ReturnType<typeof outboxBacklog> | undefined;
  const backlog = () => {
    read ??= outboxBacklog(app.db, CHANNELS).finally(() => {
      setTimeout(() => (read = undefined), 500).unref();
    });
    return read;
  };
  new Gauge<'channel'>({
    name: 'espace_outbox_backlog',
    help: 'Outbox rows waiting for delivery (neither sent nor given up), per channel',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      for (const row of await backlog()) this.set({ channel: row.channel }, row.pending);
    },
  });
  new Gauge<'channel'>({
    name: 'espace_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox row waiting for delivery, per channel (0: none waits)',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      for (const row of await backlog()) this.set({ channel: row.channel }, row.oldestAgeSeconds);
    },
  });

  new Gauge({
    name: 'espace_ready',
    help: 'What /readyz would answer now: 1 ready, 0 draining or database or store unreachable',
    registers: [registry],
    async collect() {
      this.set((await readiness(app)) === 'ready' ? 1 : 0);
    },
  });

  // The database's state when a scrape begins, read before any gauge collects.
  let atScrape: DatabaseStats | undefined;
  const stats = database.stats;
  if (stats) {
    new Gauge<'state'>({
      name: 'espace_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { pool } = atScrape ?? stats();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'espace_pglite_worker_queue',
      help: 'Statements posted to the embedded database’s worker and not yet answered',
      registers: [registry],
      collect() {
        const { queued } = atScrape ?? stats();
        if (queued !== undefined) this.set(queued);
      },
    });
  }
  if (database.timings) {
    database.timings.listener = (seconds, failed) =>
      queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds);
    const timings = database.timings;
    app.addHook('onClose', (_instance, done) => {
      timings.listener = undefined;
      done();
    });
  }

  app.decorate('metricsText', async () => {
    atScrape = stats?.();
    return { contentType: registry.contentType, body: await registry.metrics() };
  });

  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    app.metricsText().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: scrape failed');
        response.writeHead(500).end();
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listen.port, listen.host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
