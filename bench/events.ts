// Figures: webhooks (docs/integration.md « Webhooks »). The real app in this process (PGlite in
// a data folder, then a new PostgreSQL database when 127.0.0.1:5432 or BENCH_POSTGRES_URL
// answers) with one endpoint declared by WEBHOOK_ENDPOINTS: a local receiver (the tests' own,
// which checks every signature). Throughput: EVENTS events committed in one transaction, the
// relay woken, until the last is received: events delivered per second. Delay: one event at a
// time, each in its own transaction and the relay woken after the commit as a write route does,
// from the commit to the webhook's arrival: median and p95.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReceiver } from '../apps/server/test/support/webhook-receiver';
import { postgresDatabase } from './postgres-database';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const SAMPLES = Number(process.env.BENCH_EVENT_SAMPLES ?? 200);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function leg(name: string, databaseUrl: string | undefined) {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config/config');
  const { recordEvent } = await import('../apps/server/src/services/events/record-event');
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const receiver = await startReceiver([secret]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-bench-events-'));
  const config = loadConfig({
    // Not production: it refuses http to the receiver on the loopback (WEBHOOK_ALLOW_LOCAL_HTTP).
    NODE_ENV: 'development',
    API_DOCS: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    WEBHOOK_ENDPOINTS: JSON.stringify([{ id: 'bench', url: receiver.url, secret }]),
    WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const write = (count: number) =>
    app.db.transaction().execute(async (trx) => {
      for (let n = 0; n < count; n++)
        await recordEvent(trx, {
          type: 'consent.changed',
          accountId: null,
          data: { customerNumber: `BENCH-${n}`, consent: true, at: new Date().toISOString() },
        });
    });
  try {
    // Throughput.
    await write(EVENTS);
    const started = performance.now();
    app.outbox.wake();
    await new Promise<void>((resolve) => {
      receiver.onDelivery = () => {
        if (receiver.deliveries.length >= EVENTS) resolve();
      };
    });
    const seconds = (performance.now() - started) / 1000;
    // Delay from commit to webhook.
    const delays: number[] = [];
    for (let n = 0; n < SAMPLES; n++) {
      const arrived = new Promise<number>((resolve) => {
        receiver.onDelivery = (delivery) => resolve(delivery.receivedAt);
      });
      await write(1);
      const committed = performance.now();
      app.outbox.wake();
      delays.push((await arrived) - committed);
    }
    delays.sort((a, b) => a - b);
    const unsigned = receiver.unsigned().length;
    console.info(
      `  ${name}: ${Math.round(EVENTS / seconds)} events/s delivered (${EVENTS} in ${seconds.toFixed(1)} s); ` +
        `commit to webhook median ${quantile(delays, 0.5).toFixed(1)} ms, p95 ${quantile(delays, 0.95).toFixed(1)} ms` +
        (unsigned ? `; ${unsigned} BAD SIGNATURES` : ''),
    );
  } finally {
    await app.close();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function reportEvents(): Promise<void> {
  console.info(
    `\nWebhooks (events): ${EVENTS} events at once, then ${SAMPLES} one by one, to a local receiver`,
  );
  await leg('PGlite', undefined);
  const postgres = await postgresDatabase('events');
  if (!postgres) {
    console.info('  PostgreSQL: skipped (127.0.0.1:5432 does not answer)');
    return;
  }
  try {
    await leg('PostgreSQL', postgres.url);
  } finally {
    await postgres.drop();
  }
}
