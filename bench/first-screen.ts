// `npm run bench -- first-screen`: what drawing the first screen on the server costs under load.
// The policies page of a signed-in customer (GET / with the portal session's cookie: the account
// and policies reads made in process, the page drawn by React's server renderer,
// apps/server/src/plugins/first-screen.ts) against the JSON read alone (GET
// /api/v1/policy/accounts/:accountId with the same cookie), on one compiled server
// (compiled-server.ts: PGlite, demo data, NODE_ENV=production) serving the real web build
// (apps/web/dist with its .ssr/server-render.js: `npm run build` first). Every round loads the page,
// then the JSON, for BENCH_SECONDS (5) at BENCH_CONNECTIONS (50); BENCH_ROUNDS (3) rounds, the
// medians printed: requests/s, p50, p99, the server's CPU time per request (all its threads,
// /proc) and the ratio page ÷ JSON (goal ≥ 0.5). A third load, « drawn », asks for the page with
// a query of its own each time, so the server draws it anew instead of sending the page it kept
// from the same reads (docs/decisions/0114): the render's own cost, for a customer seen first. As in the api bench, the server runs on the
// first core and the load generator (this process) on the second when the machine has two and
// `taskset` is there (BENCH_PIN=false: not). No compression asked for (as the api bench): the
// figure is the render's cost, not gzip's. The session is opened through the sign-in form over
// HTTP as a browser does (the test harness's portalSignIn); the bench checks that the page
// carries the drawn cards (data-testid="policy-card") before and after the load, and stops with
// an error otherwise (an expired session gets the sign-in form, with a 200 too).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX, API_ROUTES, apiPath } from '@espace/contract';
import autocannon from 'autocannon';
import { CPUS, PIN, pin } from './api';
import { startCompiledServer, type CompiledServer } from './compiled-server';
import { recordFigure } from './figures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** The page a returning customer opens (the web bench's too); /policies is drawn the same way. */
const PAGE_PATH = '/';
const CARD = 'data-testid="policy-card"';

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

/** Fails unless the signed-in page carries the cards drawn by the server; their count and size. */
async function checkPage(url: string, cookie: string): Promise<{ cards: number; bytes: number }> {
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  const cards = html.split(CARD).length - 1;
  if (response.status !== 200 || cards === 0)
    throw new Error(
      `GET ${PAGE_PATH} signed in answered ${response.status} without the drawn policy cards (${CARD}): ` +
        `is the session open, and does ${WEB_DIST} hold .ssr/server-render.js (npm run build)?\n${html.slice(0, 400)}`,
    );
  return { cards, bytes: Buffer.byteLength(html) };
}

/**
 * Loads `url`; `everyTimeAnew`: each request with a query of its own (`?n=1`, `?n=2`…), which the
 * page ignores but which is another key for the HTML the server keeps: each page is drawn anew.
 */
async function load(
  server: CompiledServer,
  url: string,
  cookie: string,
  { everyTimeAnew = false } = {},
): Promise<Sample> {
  const before = server.cpuMicros();
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
    ...(everyTimeAnew
      ? {
          requests: [
            { setupRequest: (request) => ({ ...request, path: `${PAGE_PATH}?n=${(n += 1)}` }) },
          ],
        }
      : {}),
  });
  const after = server.cpuMicros();
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`,
    );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (after - before) / 1000 / (result.requests.total || 1),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function reportFirstScreen(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, '.ssr/server-render.js')))
    throw new Error(`${WEB_DIST}/.ssr/server-render.js is missing: run "npm run build" first`);
  const server = await startCompiledServer(ROOT, { WEB_DIST });
  const pinned = PIN && pin(server.pid, 0) && pin(process.pid, 1);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    // The harness loads the server's sources (through tsx): only when this bench runs.
    const { DEMO, pageAccount, portalSignIn } = await import('../apps/server/test/support/harness');
    const { overHttp } = await import('../apps/server/test/support/portal-process');
    const signedIn = await portalSignIn(overHttp(base), DEMO.camille);
    const accountId = pageAccount(signedIn.page);
    if (!accountId)
      throw new Error(`The sign-in of ${DEMO.camille} ended without the portal's page`);
    const cookie = signedIn.jar.header();
    const pageUrl = base + PAGE_PATH;
    const jsonUrl = base + API_PREFIX + apiPath(API_ROUTES.policies, { accountId });
    const page = await checkPage(pageUrl, cookie);
    const json = await fetch(jsonUrl, { headers: { cookie } });
    const policies = (await json.json()) as unknown[];
    if (json.status !== 200 || !Array.isArray(policies) || policies.length === 0)
      throw new Error(`GET ${jsonUrl} answered ${json.status} without policies`);
    const jsonBytes = Buffer.byteLength(JSON.stringify(policies));

    const samples = { page: [] as Sample[], json: [] as Sample[], drawn: [] as Sample[] };
    for (let round = 0; round < ROUNDS; round++) {
      samples.page.push(await load(server, pageUrl, cookie));
      samples.json.push(await load(server, jsonUrl, cookie));
      samples.drawn.push(await load(server, pageUrl, cookie, { everyTimeAnew: true }));
    }
    // Still the drawn page at the end: the session lived through the whole load.
    await checkPage(pageUrl, cookie);

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.info(
      `First screen drawn by the server: GET ${PAGE_PATH} signed in (${page.cards} policy cards, ${kb(page.bytes)}) against GET ${API_PREFIX}${API_ROUTES.policies} (JSON, ${policies.length} policies, ${kb(jsonBytes)}), same cookie; ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, alternated (page, then JSON)${pinned ? ', server on CPU 0, load on CPU 1' : ''}:`,
    );
    const row = (cells: string[]) =>
      console.info(`  ${cells.map((c, i) => (i === 0 ? c.padEnd(6) : c.padStart(11))).join(' ')}`);
    row(['read', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req']);
    const stats = (list: Sample[]) => ({
      rps: median(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
      cpu: median(list.map((s) => s.cpuMsPerRequest)),
    });
    const pageStats = stats(samples.page);
    const jsonStats = stats(samples.json);
    const drawnStats = stats(samples.drawn);
    for (const [name, s] of [
      ['page', pageStats],
      ['JSON', jsonStats],
      ['drawn', drawnStats],
    ] as const)
      row([name, s.rps.toFixed(0), s.p50.toFixed(0), s.p99.toFixed(0), s.cpu.toFixed(3)]);
    const ratio = pageStats.rps / jsonStats.rps;
    console.info(`  page ÷ JSON: ${ratio.toFixed(3)} (goal ≥ 0.5)`);
    console.info(
      `  drawn: the page drawn anew for each request (a query of its own, so never the page kept from the same reads): ÷ JSON ${(drawnStats.rps / jsonStats.rps).toFixed(3)}`,
    );
    recordFigure({
      name: 'policies page drawn by the server ÷ GET policies JSON, req/s',
      value: `${ratio.toFixed(2)} (${pageStats.rps.toFixed(0)} / ${jsonStats.rps.toFixed(0)})`,
      goal: '≥ 0.5',
      met: ratio >= 0.5,
    });
  } finally {
    await server.stop();
    // The benches after this one (a browser) get every CPU again.
    if (pinned) pin(process.pid, `0-${CPUS - 1}`);
  }
}
