// Traces on the compiled server (docs/operations.md « Traces »,
// docs/decisions/0112-traces-with-opentelemetry.md), on PostgreSQL: with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver the test starts, a customer's
// consent change is one trace holding the HTTP answer (node:http and Fastify's spans), its
// PostgreSQL statements (pg) and the webhook delivery the outbox relay made afterwards (the
// trace context kept in the outbox row), and the request's log line carries the trace id as its
// request id. Skipped, saying so, without PostgreSQL.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from '../support/backends';
import { DEMO, signIn, subjectOf } from '../support/harness';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { testConfig } from '../support/test-config';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const SECRET = `whsec_${Buffer.alloc(24, 5).toString('base64')}`;
const enabled = BACKENDS.includes('postgres');
if (!enabled)
  console.info('Traces test skipped: no PostgreSQL leg in this run (support/backends.ts).');

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}

/** An OTLP/HTTP receiver (JSON encoding, what the SDK's http exporter sends): every span. */
async function startOtlpReceiver() {
  const spans: Span[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            scopeSpans: {
              scope: { name: string };
              spans: (Omit<Span, 'scope' | 'attributes'> & {
                attributes?: { key: string; value: Record<string, unknown> }[];
              })[];
            }[];
          }[];
        };
        for (const resource of body.resourceSpans)
          for (const scoped of resource.scopeSpans)
            for (const span of scoped.spans)
              spans.push({
                ...span,
                scope: scoped.scope.name,
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]),
                ),
              });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!enabled)('traces of the compiled server', () => {
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let receiver: Receiver;
  let databaseName: string;
  let dataDir: string;
  let portal: Portal;
  let logs = '';

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    receiver = await startReceiver([SECRET]);
    databaseName = `espace_test_traces_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-traces-'));
    portal = await startPortal(
      {
        NODE_ENV: 'test',
        DEMO_MODE: 'true',
        PUBLIC_URL: 'http://localhost:3000',
        DATA_DIR: dataDir,
        DATABASE_URL: postgresUrl(databaseName),
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_BSP_SCHEDULE_DELAY: '200',
        WEBHOOK_ENDPOINTS: JSON.stringify([{ id: 'si', url: receiver.url, secret: SECRET }]),
        WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
        LOG_LEVEL: 'info',
      },
      [],
      (chunk) => (logs += chunk),
    );
  }, 120_000);
  afterAll(async () => {
    if (portal) await stopped(portal.child, 'SIGTERM');
    await receiver?.close();
    await otlp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }, 30_000);

  it('follows a consent change from the HTTP answer through the database to the webhook', async () => {
    const token = (
      await signIn(
        overHttp(portal.url),
        testConfig({ publicUrl: 'http://localhost:3000' }),
        DEMO.camille,
      )
    ).access_token;
    const accountId = subjectOf(token);
    const before = receiver.deliveries.length;
    const consent = await fetch(`${portal.url}${API_PREFIX}/consent/accounts/${accountId}/true`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(consent.status).toBeLessThan(300);
    await vi.waitFor(() => expect(receiver.deliveries.length).toBeGreaterThan(before), {
      timeout: 15_000,
    });

    const trace = await vi.waitFor(
      () => {
        const answer = otlp.spans.find(
          (s) =>
            s.scope === '@opentelemetry/instrumentation-http' &&
            s.kind === 2 &&
            String(s.attributes['http.route'] ?? s.attributes['url.path'] ?? s.name).includes(
              '/consent/',
            ),
        );
        expect(answer, 'the HTTP server span of the consent change').toBeDefined();
        const spans = otlp.spans.filter((s) => s.traceId === answer!.traceId);
        expect(spans.some((s) => s.scope === '@fastify/otel')).toBe(true);
        expect(spans.some((s) => s.scope === '@opentelemetry/instrumentation-pg')).toBe(true);
        const port = new URL(receiver.url).port;
        expect(
          spans.some(
            (s) =>
              s.scope === '@opentelemetry/instrumentation-http' &&
              s.kind === 3 &&
              JSON.stringify(s.attributes).includes(`:${port}`),
          ),
          'the webhook delivery in the same trace',
        ).toBe(true);
        return answer!.traceId;
      },
      { timeout: 20_000, interval: 300 },
    );
    expect(trace).toMatch(/^[0-9a-f]{32}$/);
    // The request's log line carries the trace id as its request id.
    const lines = logs
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } });
    expect(lines.some((l) => l.reqId === trace && l.req?.url?.includes('/consent/'))).toBe(true);
  });
});
