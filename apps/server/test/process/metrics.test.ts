// The metrics on the compiled server (docs/operations.md « Metrics »,
// docs/decisions/0110-metrics-on-their-own-port.md): after a customer signs in (once with a
// wrong password), reads, uploads a file and changes a consent whose event goes to a webhook
// endpoint that answers 500, the metrics port shows every documented series with what happened,
// labelled by route templates only; the public port answers 404 on /metrics, and the metrics
// port is not reachable on the machine's other addresses (it listens on loopback by default).
// On PostgreSQL, an idle instance's pool shows its connections and no query waiting, scrape
// after scrape: the scrape's own reads (the backlog, the readiness probe) are not counted.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from '../support/backends';
import { MULTIPART_HEADERS, multipartBody, samplePdf, upfile } from '../support/documents';
import { DEMO, signIn, startLogin, submitLogin, subjectOf } from '../support/harness';
import { parseExposition, valueOf, type Sample } from '../support/prometheus-text';
import { freePort } from '../support/free-port';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { seededFolderCopy } from '../support/seeded-folder';
import { testConfig } from '../support/test-config';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const POLICY = 'AU2026104512';
const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

/** The series documented in docs/operations.md « Metrics ». */
const DOCUMENTED_SERIES = [
  'espace_http_request_duration_seconds_bucket',
  'espace_http_request_duration_seconds_count',
  'espace_sign_ins_total',
  'espace_uploads_total',
  'espace_upload_bytes_total',
  'espace_outbox_backlog',
  'espace_outbox_oldest_pending_age_seconds',
  'espace_outbox_delivered_total',
  'espace_outbox_failures_total',
  'espace_db_query_duration_seconds_count',
  'espace_pglite_worker_queue',
  'espace_ready',
  'nodejs_eventloop_lag_p99_seconds',
];

describe('metrics of the compiled server', () => {
  let dataDir: string;
  let receiver: Receiver;
  let portal: Portal;
  let metricsPort: number;
  const scrape = async (): Promise<Sample[]> => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await response.text());
  };

  beforeAll(async () => {
    receiver = await startReceiver([SECRET]);
    // The broker's endpoint fails: every delivery is answered 500.
    receiver.answers.push(...Array<number>(1000).fill(500));
    const copy = await seededFolderCopy('espace-metrics-');
    dataDir = copy.dataDir;
    metricsPort = await freePort();
    portal = await startPortal({
      ...copy.env,
      PUBLIC_URL: 'http://localhost:3000',
      METRICS_PORT: String(metricsPort),
      WEBHOOK_ENDPOINTS: JSON.stringify([{ id: 'si', url: receiver.url, secret: SECRET }]),
      WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      OUTBOX_INTERVAL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '200',
    });
  }, 120_000);
  afterAll(async () => {
    if (portal) await stopped(portal.child, 'SIGTERM');
    await receiver?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('shows requests, sign-ins, uploads, the outbox and the database after a customer’s visit', async () => {
    const http = overHttp(portal.url);
    const config = testConfig({ publicUrl: 'http://localhost:3000' });
    const wrong = await startLogin(http, config);
    const refused = await submitLogin(
      http,
      wrong.interaction,
      wrong.jar,
      DEMO.camille,
      'Faux2026!',
    );
    expect(refused.statusCode).toBe(401);
    const token = (await signIn(http, config, DEMO.camille)).access_token;
    const accountId = subjectOf(token);
    const api = (route: string, init: RequestInit = {}) =>
      fetch(`${portal.url}${API_PREFIX}${route}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
      });
    expect((await api(`/account/accounts/${accountId}`)).status).toBe(200);
    expect((await api(`/policy/accounts/${accountId}`)).status).toBe(200);
    const pdf = await samplePdf();
    const upload = await api(`/document/accounts/${accountId}/policy/${POLICY}/uploadfile`, {
      method: 'POST',
      headers: MULTIPART_HEADERS,
      body: multipartBody([{ name: 'fileType', value: 'autre' }, upfile('Lettre.pdf', pdf)]),
    });
    expect(upload.status).toBe(201);
    const consent = await api(`/consent/accounts/${accountId}/true`, { method: 'PUT' });
    expect(consent.status).toBeLessThan(300);
    // The endpoint answered 500 at least once: the row waits for its next attempt.
    await vi.waitFor(() => expect(receiver.deliveries.length).toBeGreaterThan(0), {
      timeout: 15_000,
    });

    const samples = await vi.waitFor(
      async () => {
        const read = await scrape();
        expect(
          valueOf(read, 'espace_outbox_failures_total', { channel: 'webhook' }),
        ).toBeGreaterThan(0);
        return read;
      },
      { timeout: 15_000, interval: 300 },
    );
    const names = new Set(samples.map((s) => s.name));
    for (const name of DOCUMENTED_SERIES) expect(names, name).toContain(name);

    const requests = (route: string, method: string, status: string) =>
      valueOf(samples, 'espace_http_request_duration_seconds_count', {
        route,
        method,
        status_code: status,
      });
    expect(requests('/api/v1/account/accounts/:accountId', 'GET', '200')).toBe(1);
    expect(requests('/api/v1/policy/accounts/:accountId', 'GET', '200')).toBe(1);
    expect(
      requests(
        '/api/v1/document/accounts/:accountId/policy/:policyNumber/uploadfile',
        'POST',
        '201',
      ),
    ).toBe(1);
    // Route templates only: no identifier, contract number or email in any label.
    for (const sample of samples)
      for (const value of Object.values(sample.labels)) {
        expect(value).not.toContain(accountId);
        expect(value).not.toContain(POLICY);
        expect(value).not.toContain('@');
      }
    expect(samples.some((s) => s.labels.route === '/readyz')).toBe(false);

    expect(valueOf(samples, 'espace_sign_ins_total', { outcome: 'success' })).toBe(1);
    expect(valueOf(samples, 'espace_sign_ins_total', { outcome: 'wrong_password' })).toBe(1);
    expect(valueOf(samples, 'espace_sign_ins_total', { outcome: 'throttled' })).toBe(0);
    expect(valueOf(samples, 'espace_uploads_total', { outcome: 'stored' })).toBe(1);
    expect(valueOf(samples, 'espace_upload_bytes_total')).toBe(pdf.length);
    // The consent's event (and the upload's), refused by the endpoint, wait for their retry.
    expect(valueOf(samples, 'espace_outbox_backlog', { channel: 'webhook' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'espace_outbox_backlog', { channel: 'mail' })).toBe(0);
    expect(
      valueOf(samples, 'espace_outbox_oldest_pending_age_seconds', { channel: 'webhook' }),
    ).toBeGreaterThan(0);
    expect(valueOf(samples, 'espace_outbox_delivered_total', { channel: 'webhook' })).toBe(0);
    expect(valueOf(samples, 'espace_db_query_duration_seconds_count')).toBeGreaterThan(10);
    expect(valueOf(samples, 'espace_pglite_worker_queue')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'espace_ready')).toBe(1);

    // The backlog's age grows while the endpoint keeps failing.
    const age = valueOf(samples, 'espace_outbox_oldest_pending_age_seconds', {
      channel: 'webhook',
    })!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await scrape();
    expect(
      valueOf(later, 'espace_outbox_oldest_pending_age_seconds', { channel: 'webhook' }),
    ).toBeGreaterThan(age);
  });

  it('is not served on the public port, nor on the machine’s other addresses', async () => {
    const publicMetrics = await fetch(`${portal.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('espace_');
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (!external) {
      console.warn(
        'No address other than loopback on this machine: the listener check is skipped.',
      );
      return;
    }
    await expect(fetch(`http://${external.address}:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe.skipIf(!BACKENDS.includes('postgres'))('metrics of an idle instance on PostgreSQL', () => {
  let databaseName: string;
  let dataDir: string;
  let portal: Portal;
  let metricsPort: number;

  beforeAll(async () => {
    databaseName = `espace_test_metrics_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-metrics-pg-'));
    metricsPort = await freePort();
    portal = await startPortal({
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: postgresUrl(databaseName),
      METRICS_PORT: String(metricsPort),
    });
  }, 120_000);
  afterAll(async () => {
    if (portal) await stopped(portal.child, 'SIGTERM');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }, 30_000);

  it('shows the pool’s open connections and no query waiting, scrape after scrape', async () => {
    for (let scrape = 0; scrape < 5; scrape++) {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      const samples = parseExposition(await response.text());
      const pool = (state: string) => valueOf(samples, 'espace_db_pool_connections', { state });
      expect(pool('total')).toBeGreaterThan(0);
      expect(pool('idle')).toBe(pool('total'));
      expect(pool('waiting'), `scrape ${scrape + 1}`).toBe(0);
      // The scrape read the database meanwhile: the backlog and readiness are there.
      expect(valueOf(samples, 'espace_outbox_backlog', { channel: 'webhook' })).toBe(0);
      expect(valueOf(samples, 'espace_ready')).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
  });
});
