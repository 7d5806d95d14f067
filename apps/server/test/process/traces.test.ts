// Traces on the compiled server (docs/operations.md « Traces », docs/decisions/0112-traces-with-
// opentelemetry.md, 0136-one-redaction-rule-for-logs-and-traces.md, 0137-traces-start-at-the-
// edge.md), on PostgreSQL, exported to an OTLP/HTTP receiver that decodes the wire format
// (support/otlp-receiver.ts), once in each encoding OTEL_EXPORTER_OTLP_PROTOCOL names:
// - a consent change is one trace holding the HTTP answer (node:http's and Fastify's spans), its
//   PostgreSQL statements and the webhook the outbox relay then delivered over https, as one
//   client span; the request's log line carries the trace id as its request id;
// - a `traceparent` sent by the client, unsampled, chooses neither that trace nor its sampling:
//   the request is traced, in a trace of its own; with TRUST_TRACEPARENT=true it continues the
//   client's trace;
// - a password reset (the email typed, the link's token) and an IBAN change (checked with its
//   spaces, then saved), and an address typed in the place search, are traced, and nothing the
//   receiver got holds the token, the IBAN, the emails or the address, in any encoding;
// - the balancer's probes make no span.
// Skipped, saying so, without PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEW_PASSWORD } from '../support/account-security';
import { BACKENDS } from '../support/backends';
import { POLICIES } from '../support/changes';
import { DEMO, signIn, subjectOf } from '../support/harness';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { testConfig } from '../support/test-config';
import { selfSignedCertificate } from '../support/tls-certificate';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const SECRET = `whsec_${Buffer.alloc(24, 5).toString('base64')}`;
const IBAN = 'FR7630006000011234567890189';
const IBAN_TYPED = 'FR76 3000 6000 0112 3456 7890 189';
const ADDRESS_TYPED = '12 rue des Lilas 69003 Lyon';
const SERVER = 2;
const CLIENT = 3;
const enabled = BACKENDS.includes('postgres');
if (!enabled)
  console.info('Traces test skipped: no PostgreSQL leg in this run (support/backends.ts).');

/** `text` as it may travel: as typed, URL-encoded (both ways), without its spaces. */
const spellings = (text: string) => [
  text,
  encodeURIComponent(text),
  text.replaceAll(' ', '+'),
  text.replaceAll(' ', ''),
];

const route = (span: ReceivedSpan) =>
  String(span.attributes['http.route'] ?? span.attributes['http.target'] ?? span.name);

describe.skipIf(!enabled).each([
  { protocol: 'http/protobuf', contentType: 'application/x-protobuf', trust: false },
  { protocol: 'http/json', contentType: 'application/json', trust: true },
])('traces of the compiled server over $protocol', ({ protocol, contentType, trust }) => {
  let otlp: OtlpReceiver;
  let receiver: Receiver;
  let databaseName: string;
  let dataDir: string;
  let portal: Portal;
  let logs = '';
  const logLines = () =>
    logs
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const spansOf = (traceId: string) => otlp.spans.filter((s) => s.traceId === traceId);

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    const tls = await selfSignedCertificate();
    receiver = await startReceiver([SECRET], '127.0.0.1', tls);
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
        OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        OTEL_BSP_SCHEDULE_DELAY: '200',
        // Room for every span of the test (a sign-in makes hundreds): none dropped on a slow machine.
        OTEL_BSP_MAX_QUEUE_SIZE: '65536',
        ...(trust ? { TRUST_TRACEPARENT: 'true' } : {}),
        // The broker's endpoint over https, as in production, on the loopback.
        NODE_EXTRA_CA_CERTS: tls.certFile,
        WEBHOOK_ENDPOINTS: JSON.stringify([{ id: 'si', url: receiver.url, secret: SECRET }]),
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

  it('follows a consent change through the database to one span of its https webhook', async () => {
    const token = (
      await signIn(
        overHttp(portal.url),
        testConfig({ publicUrl: 'http://localhost:3000' }),
        DEMO.camille,
      )
    ).access_token;
    const accountId = subjectOf(token);
    // The client's trace, which it asks not to sample.
    const theirs = { trace: randomBytes(16).toString('hex'), span: randomBytes(8).toString('hex') };
    const consent = await fetch(`${portal.url}${API_PREFIX}/consent/accounts/${accountId}/true`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        traceparent: `00-${theirs.trace}-${theirs.span}-${trust ? '01' : '00'}`,
      },
    });
    expect(consent.status).toBeLessThan(300);
    await vi.waitFor(() => expect(receiver.deliveries).toHaveLength(1), { timeout: 15_000 });
    for (const probe of ['/healthz', '/readyz']) await fetch(`${portal.url}${probe}`);

    const port = new URL(receiver.url).port;
    const answer = await vi.waitFor(
      () => {
        const found = otlp.spans.find(
          (s) =>
            s.scope === '@opentelemetry/instrumentation-http' &&
            s.kind === SERVER &&
            route(s).includes('/consent/'),
        );
        expect(found, 'the HTTP server span of the consent change').toBeDefined();
        const spans = spansOf(found!.traceId);
        expect(spans.some((s) => s.scope === '@fastify/otel')).toBe(true);
        expect(spans.some((s) => s.scope === '@opentelemetry/instrumentation-pg')).toBe(true);
        // One delivery, one client span: node:https is instrumented once.
        const deliveries = spans.filter(
          (s) => s.kind === CLIENT && JSON.stringify(s.attributes).includes(`:${port}`),
        );
        expect(deliveries, 'the webhook delivery in the same trace').toHaveLength(1);
        expect(deliveries[0]!.attributes['http.url'] ?? deliveries[0]!.attributes['url.full']).toBe(
          receiver.url,
        );
        return found!;
      },
      { timeout: 30_000, interval: 300 },
    );
    expect(otlp.requests.every((r) => r.contentType.startsWith(contentType))).toBe(true);
    if (trust) {
      expect(answer.traceId).toBe(theirs.trace);
      expect(answer.parentSpanId).toBe(theirs.span);
    } else {
      // Traced although the client said not to sample, in a trace the server began.
      expect(answer.traceId).not.toBe(theirs.trace);
      expect(answer.parentSpanId).toBeUndefined();
      expect(otlp.spans.some((s) => s.traceId === theirs.trace)).toBe(false);
    }
    // The request's log line carries the trace id as its request id.
    const line = logLines().find(
      (l) => (l.req as { url?: string } | undefined)?.url?.includes('/consent/') ?? false,
    );
    expect(line?.reqId).toBe(answer.traceId);
    // The balancer's probes were answered, not traced.
    expect(otlp.spans.filter((s) => /healthz|readyz/.test(JSON.stringify(s)))).toEqual([]);
  });

  it('sends no token, IBAN, email or typed address of a password reset and an IBAN change', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // Léa forgets her password: her email typed, then the link's token in its query.
    const forgot = await fetch(`${portal.url}/interaction/password/forgot`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ email: DEMO.lea }),
    });
    expect(forgot.status).toBe(200);
    const link = await vi.waitFor(
      () => {
        const logged = logLines().find((l) => typeof l.passwordResetLink === 'string');
        expect(logged, 'the link demo mode writes to the log').toBeDefined();
        return new URL(String(logged!.passwordResetLink));
      },
      { timeout: 10_000 },
    );
    const resetToken = link.searchParams.get('token')!;
    expect(resetToken.length).toBeGreaterThan(20);
    expect((await fetch(`${portal.url}${link.pathname}${link.search}`)).status).toBe(200);
    const reset = await fetch(`${portal.url}${link.pathname}`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({
        token: resetToken,
        newPassword: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      }),
    });
    expect(reset.status).toBe(200);

    // Camille checks her new IBAN as she typed it, then saves it; she also looks for a place.
    const token = (
      await signIn(
        overHttp(portal.url),
        testConfig({ publicUrl: 'http://localhost:3000' }),
        DEMO.camille,
      )
    ).access_token;
    const accountId = subjectOf(token);
    const api = (route: string, init: RequestInit = {}) =>
      fetch(`${portal.url}${API_PREFIX}${route}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
      });
    const checked = await api(
      `/policy/accounts/${accountId}/iban/${encodeURIComponent(IBAN_TYPED)}`,
      { method: 'POST' },
    );
    expect(checked.status).toBe(204);
    const policies = (await (await api(`/policy/accounts/${accountId}`)).json()) as {
      policyNumber: string;
      paymentDetails: { id: string; paymentMethod: string };
    }[];
    const { paymentDetails } = policies.find((p) => p.policyNumber === POLICIES.active)!;
    const saved = await api(`/policy/accounts/${accountId}/${POLICIES.active}/payment-details`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: paymentDetails.id,
        paymentMethod: paymentDetails.paymentMethod,
        bankAccount: { iban: IBAN_TYPED, ownerName: 'Mme Camille MARTIN', changeHolder: false },
      }),
    });
    expect(saved.status).toBe(200);
    const search = await api(`/address/search?${new URLSearchParams({ q: ADDRESS_TYPED })}`);
    expect(search.status).toBe(200);

    // Every one of those requests reached the receiver as spans…
    const routes = [
      '/interaction/password/forgot',
      '/interaction/password/reset',
      '/iban/',
      '/payment-details',
      '/address/search',
    ];
    await vi.waitFor(
      () => {
        const answered = otlp.spans.filter((s) => s.kind === SERVER).map(route);
        for (const expected of routes)
          expect(answered.filter((r) => r.includes(expected)).length, expected).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 300 },
    );
    // Nothing the receiver got holds a secret or what a customer typed: neither the spans as
    // decoded nor the bytes that came over the wire…
    const received = [
      JSON.stringify(otlp.spans),
      ...otlp.requests.map((r) => r.body.toString('utf8')),
    ].join('\n');
    const secrets = [
      resetToken,
      ...spellings(IBAN),
      ...spellings(IBAN_TYPED),
      ...spellings(DEMO.lea),
      ...spellings(DEMO.camille),
      ...spellings(ADDRESS_TYPED),
      ...spellings('rue des Lilas'),
    ];
    expect(secrets.filter((secret) => received.includes(secret))).toEqual([]);
    // … though the URLs are there, redacted.
    expect(received).toContain('token=[caché]');
    expect(received).toContain('/iban/[caché]');
  });
});
