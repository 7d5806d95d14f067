// Two compiled instances behind a real HAProxy (Debian's package) configured by the example the
// repository ships (ops/haproxy/haproxy.cfg, docs/deployment.md « Load balancer »), on one
// PostgreSQL database and one S3 server, with a real Prometheus (Debian's package) scraping both
// instances' metrics ports under ops/prometheus/alerts.yml. Through the balancer only: a customer
// signs in, uploads a file, and changes a consent whose webhook endpoint fails, and Prometheus's
// HTTP API reads the outbox backlog from both instances; a client's `traceparent` is dropped at
// the edge (the instances, which trust it here, start their own trace); then instance A drains
// (SIGTERM) while clients keep reading and uploading through the balancer, and no request fails;
// restarted, A is killed (SIGKILL) in the middle of a stream of reads, and none is lost: the
// balancer sends again, to B, those A held and those it could not connect for. Skipped, saying
// why, without PostgreSQL or when HAProxy or Prometheus cannot be installed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spaRedirectUris } from '../../src/oidc/provider/provider';
import { BACKENDS } from '../support/backends';
import { debianTool } from '../support/debian-tool';
import { MULTIPART_HEADERS, multipartBody, samplePdf, upfile } from '../support/documents';
import { DEMO, subjectOf } from '../support/harness';
import { freePort } from '../support/free-port';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';
import { startPortal, stopped, type Portal } from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { CookieJar } from '../support/cookie-jar';

const repo = path.resolve(import.meta.dirname, '../../../..');
const POLICY = 'AU2026104512';
const SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;

const haproxy = debianTool('haproxy', 'haproxy');
const prometheus = debianTool('prometheus', 'prometheus');
const skipped = !BACKENDS.includes('postgres')
  ? 'Load-balancer test skipped: no PostgreSQL leg in this run (support/backends.ts).'
  : 'missing' in haproxy
    ? `Load-balancer test skipped: ${haproxy.missing}`
    : 'missing' in prometheus
      ? `Load-balancer test skipped: ${prometheus.missing}`
      : undefined;
if (skipped) console.warn(skipped);

/** A program the test started, stopped at the end; its last output for the error messages. */
function launch(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

describe.skipIf(skipped)('two instances behind HAProxy, scraped by Prometheus', () => {
  let s3: TestS3Server;
  let receiver: Receiver;
  let otlp: OtlpReceiver;
  let databaseName: string;
  let dataDirs: string[] = [];
  let workDir: string;
  let a: Portal;
  let b: Portal;
  let balancer: { child: ChildProcess; output: () => string };
  let scraper: { child: ChildProcess; output: () => string };
  let lb: string;
  let prometheusUrl: string;
  const metricsPorts: number[] = [];
  let token: string;
  let accountId: string;
  /** Starts instance `i` (0: A, 1: B) on `port`, or on a free one. */
  let start: (i: number, port?: number) => Promise<Portal>;

  const api = (route: string, init: RequestInit = {}) =>
    fetch(`${lb}${API_PREFIX}${route}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });
  const upload = async (name: string) =>
    api(`/document/accounts/${accountId}/policy/${POLICY}/uploadfile`, {
      method: 'POST',
      headers: MULTIPART_HEADERS,
      body: multipartBody([{ name: 'fileType', value: 'autre' }, upfile(name, await samplePdf())]),
    });

  beforeAll(async () => {
    if (!('path' in haproxy) || !('path' in prometheus)) return;
    s3 = await startS3Server();
    receiver = await startReceiver([SECRET]);
    receiver.answers.push(...Array<number>(1000).fill(500));
    otlp = await startOtlpReceiver();
    databaseName = `espace_test_lb_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    const lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    const env = {
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      PUBLIC_URL: lb,
      TRUST_PROXY: 'true',
      DATABASE_URL: postgresUrl(databaseName),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      // Above HAProxy's inter × fall (2 s): out of rotation before it stops accepting.
      SHUTDOWN_DELAY_MS: '3500',
      WEBHOOK_ENDPOINTS: JSON.stringify([{ id: 'si', url: receiver.url, secret: SECRET }]),
      WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      OUTBOX_INTERVAL_MS: '500',
      OUTBOX_RETRY_BASE_MS: '500',
      LOG_LEVEL: 'warn',
      // Traces, with the instances trusting a `traceparent`: the balancer is what drops it.
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      TRUST_TRACEPARENT: 'true',
    };
    dataDirs = await Promise.all(
      [0, 1].map(() => mkdtemp(path.join(tmpdir(), 'espace-lb-instance-'))),
    );
    metricsPorts.push(await freePort(), await freePort());
    start = (i: number, port?: number) =>
      startPortal(
        { ...env, DATA_DIR: dataDirs[i]!, METRICS_PORT: String(metricsPorts[i]) },
        [],
        undefined,
        port ? () => Promise.resolve(port) : freePort,
      );
    [a, b] = await Promise.all([start(0), start(1)]);
    balancer = launch(haproxy.path, ['-db', '-f', path.join(repo, 'ops/haproxy/haproxy.cfg')], {
      ESPACE_LB_BIND: `127.0.0.1:${lbPort}`,
      ESPACE_INSTANCE_A: new URL(a.url).host,
      ESPACE_INSTANCE_B: new URL(b.url).host,
    });

    workDir = await mkdtemp(path.join(tmpdir(), 'espace-prometheus-'));
    await copyFile(path.join(repo, 'ops/prometheus/alerts.yml'), path.join(workDir, 'alerts.yml'));
    const targets = metricsPorts.map((port) => `'127.0.0.1:${port}'`).join(', ');
    await writeFile(
      path.join(workDir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files:\n  - alerts.yml\n` +
        `scrape_configs:\n  - job_name: espace-assure\n    static_configs:\n      - targets: [${targets}]\n`,
    );
    const promPort = await freePort();
    prometheusUrl = `http://127.0.0.1:${promPort}`;
    scraper = launch(prometheus.path, [
      `--config.file=${path.join(workDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(workDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
    ]);

    // The balancer forwards once its health checks found an instance ready.
    await vi.waitFor(
      async () => {
        if (balancer.child.exitCode !== null) throw new Error(balancer.output());
        expect((await fetch(`${lb}/readyz`)).status).toBe(200);
      },
      { timeout: 20_000, interval: 200 },
    );
  }, 180_000);

  afterAll(async () => {
    for (const program of [scraper, balancer]) if (program) await stopped(program.child, 'SIGTERM');
    await Promise.all([a, b].map((instance) => instance && stopped(instance.child, 'SIGKILL')));
    await Promise.all(
      [...dataDirs, workDir]
        .filter(Boolean)
        .map((dir) => rm(dir, { recursive: true, force: true })),
    );
    await receiver?.close();
    await otlp?.close();
    await s3?.close();
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }, 60_000);

  it('signs a customer in through the balancer, which refuses /metrics', async () => {
    const jar = new CookieJar();
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = spaRedirectUris(lb).redirect;
    const query = new URLSearchParams({
      client_id: 'espace-assure-spa',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'etat',
    });
    const follow = (response: Response) => new URL(response.headers.get('location')!, lb);
    const auth = await fetch(`${lb}/oidc/auth?${query}`, { redirect: 'manual' });
    jar.store(auth);
    const login = await fetch(new URL(`${follow(auth).pathname}/login`, lb), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO.camille, password: DEMO.password }),
    });
    expect(login.status).toBe(303);
    jar.store(login);
    const resume = await fetch(follow(login), {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    const code = follow(resume).searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await fetch(`${lb}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        code_verifier: verifier,
        client_id: 'espace-assure-spa',
        redirect_uri: redirectUri,
      }),
    });
    expect(tokens.status).toBe(200);
    token = ((await tokens.json()) as { access_token: string }).access_token;
    accountId = subjectOf(token);
    expect((await api(`/account/accounts/${accountId}`)).status).toBe(200);
    expect((await fetch(`${lb}/metrics`)).status).toBe(404);
  });

  it('uploads through the balancer, and Prometheus reads the backlog of both instances', async () => {
    expect((await upload('Lettre.pdf')).status).toBe(201);
    // An event for the broker, whose endpoint answers 500: the row waits in the outbox.
    const consent = await api(`/consent/accounts/${accountId}/true`, { method: 'PUT' });
    expect(consent.status).toBeLessThan(300);
    const query = async (expr: string) => {
      const response = await fetch(
        `${prometheusUrl}/api/v1/query?${new URLSearchParams({ query: expr })}`,
      );
      const body = (await response.json()) as {
        status: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      expect(body.status).toBe('success');
      return body.data.result;
    };
    await vi.waitFor(
      async () => {
        if (scraper.child.exitCode !== null) throw new Error(scraper.output());
        const backlog = await query('espace_outbox_backlog{channel="webhook"}');
        expect(backlog.map((r) => r.metric.instance).sort()).toEqual(
          metricsPorts.map((port) => `127.0.0.1:${port}`).sort(),
        );
        for (const series of backlog) expect(Number(series.value[1])).toBeGreaterThan(0);
        const failures = await query('sum(espace_outbox_failures_total{channel="webhook"})');
        expect(Number(failures[0]?.value[1])).toBeGreaterThan(0);
        // Round robin: both instances answered the customer's requests.
        const served = await query(
          'sum by (instance) (espace_http_request_duration_seconds_count)',
        );
        expect(served).toHaveLength(2);
        for (const series of served) expect(Number(series.value[1])).toBeGreaterThan(0);
        const up = await query('up{job="espace-assure"}');
        expect(up.map((r) => r.value[1])).toEqual(['1', '1']);
      },
      { timeout: 30_000, interval: 500 },
    );
  });

  it('drops a client’s traceparent at the edge, which the instances would have followed', async () => {
    const traceparent = () => {
      const trace = randomBytes(16).toString('hex');
      return { trace, header: `00-${trace}-${randomBytes(8).toString('hex')}-01` };
    };
    const throughBalancer = traceparent();
    const direct = traceparent();
    const read = (base: string, header: string) =>
      fetch(`${base}${API_PREFIX}/account/accounts/${accountId}`, {
        headers: { authorization: `Bearer ${token}`, traceparent: header },
      });
    expect((await read(lb, throughBalancer.header)).status).toBe(200);
    expect((await read(b.url, direct.header)).status).toBe(200);
    const answers = () =>
      otlp.spans.filter(
        (s) => s.kind === 2 && String(s.attributes['http.route']).includes('/account/accounts/'),
      );
    await vi.waitFor(
      () => {
        // The instance, told to trust it, followed the header sent to it directly…
        expect(answers().some((s) => s.traceId === direct.trace)).toBe(true);
        expect(answers().length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 20_000, interval: 300 },
    );
    // … and never saw the one sent through the balancer.
    expect(otlp.spans.some((s) => s.traceId === throughBalancer.trace)).toBe(false);
  });

  it('drains instance A under load through the balancer without a failed request', async () => {
    const failures: string[] = [];
    let answered = 0;
    let uploaded = 0;
    let running = true;
    const reader = async () => {
      while (running) {
        try {
          const response = await api(`/policy/accounts/${accountId}`);
          await response.arrayBuffer();
          if (response.status === 200) answered++;
          else failures.push(`read ${response.status}`);
        } catch (err) {
          failures.push(`read ${String(err)}`);
        }
      }
    };
    const uploader = async () => {
      while (running) {
        try {
          const response = await upload(`Piece-${uploaded}.pdf`);
          await response.arrayBuffer();
          if (response.status === 201) uploaded++;
          else failures.push(`upload ${response.status}`);
        } catch (err) {
          failures.push(`upload ${String(err)}`);
        }
        // A customer's pace, within the upload limit (60 per account per 10 minutes): unpaced,
        // a quiet machine sends more than 60 during the drain and the limit answers 429.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const clients = [...Array.from({ length: 6 }, reader), uploader()];
    // The drain begins under load: once reads are being answered. A fixed second was too short
    // for the first answer beside the gate's other suites on a slow machine.
    await vi.waitFor(() => expect(answered).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
    const exited = new Promise<number | null>((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const atExit = answered;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    running = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    // B kept answering once A was gone, and uploads went on throughout.
    expect(answered).toBeGreaterThan(atExit);
    expect(uploaded).toBeGreaterThan(0);
  }, 60_000);

  it('loses no read when an instance is killed (SIGKILL) in the middle of them', async () => {
    // A, drained above, comes back on its port; the balancer's checks find it ready.
    a = await start(0, Number(new URL(a.url).port));
    const servedByA = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPorts[0]}/metrics`);
      const line = (await response.text())
        .split('\n')
        .find(
          (l) =>
            l.startsWith('espace_http_request_duration_seconds_count{') &&
            l.includes('route="/api/v1/policy/accounts/:accountId"') &&
            l.includes('status_code="200"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const failures: string[] = [];
    let answered = 0;
    // An answer whose bytes were already on their way when A died cannot be sent again by the
    // balancer (its retries stop once the answer has begun): at most one a reader, cut mid-body.
    let cutMidBody = 0;
    let running = true;
    const reader = async () => {
      while (running) {
        let response: Response;
        try {
          response = await api(`/policy/accounts/${accountId}`);
        } catch (err) {
          failures.push(`read ${String(err)}`);
          continue;
        }
        try {
          await response.arrayBuffer();
        } catch {
          cutMidBody++;
          continue;
        }
        if (response.status === 200) answered++;
        else failures.push(`read ${response.status}`);
      }
    };
    const readers = Array.from({ length: 6 }, reader);
    // Killed once it takes its share of the reads.
    await vi.waitFor(async () => expect(await servedByA()).toBeGreaterThan(20), {
      timeout: 30_000,
      interval: 200,
    });
    const killed = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await killed;
    const atKill = answered;
    // The reads go on past the balancer's checks taking A out (inter 1 s × fall 2).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    running = false;
    await Promise.all(readers);
    expect(failures).toEqual([]);
    expect(cutMidBody).toBeLessThanOrEqual(readers.length);
    expect(answered).toBeGreaterThan(atKill);
  }, 90_000);
});
