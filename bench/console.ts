// `npm run bench -- console` (docs/performance.md « The console at a broker's size »): the console
// at a real broker's size, on a PostgreSQL database of its own (created, then dropped; none when
// 127.0.0.1:5432 does not answer). The server is the api bench's child (api-server.ts: the real
// app, migrated and seeded) and the portal's policies read is loaded against the bare Fastify
// answering the same body, as `npm run bench -- api` does, first on the seeded database alone (the
// empty-database figure), then once console-data.ts has written 200,000 customers, 300,000
// contracts, 1,000,000 requests and claims and 1,000,000 journal entries: the ratio to bare must
// stay within 10 %. Then each console read is loaded by BENCH_STAFF (10) staff at once, each
// sending its next request when the last answered, for BENCH_SECONDS (5) per read: the inbox's
// first page with each filter and sort, the search by each kind of term, a customer's file and the
// journal's first page; printed per read: req/s, p50, p95 (goal < 150 ms) and the slowest.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  ask,
  load,
  median,
  PIN,
  pin,
  CPUS,
  startChild,
  stop,
  type Child,
  type Sample,
} from './api';
import type { CapturedRead } from './api-server';
import { generateConsoleData, sampleTerms } from './console-data';
import { recordFigure } from './figures';
import { postgresDatabase } from './postgres-database';

const STAFF = Number(process.env.BENCH_STAFF ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const P95_GOAL_MS = 150;

/** The portal's policies read on `real` and on `bare`, ROUNDS times interleaved: the ratio. */
async function policiesRatio(real: Child, bare: Child) {
  const read = (child: Child): CapturedRead =>
    child.ready.reads.find((r) => r.name === 'policies')!;
  const rates: { real: Sample[]; bare: Sample[] } = { real: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rates.real.push(await load(real, read(real)));
    rates.bare.push(await load(bare, read(bare)));
  }
  const rps = (list: Sample[]) => median(list.map((s) => s.rps));
  return { real: rps(rates.real), bare: rps(rates.bare), ratio: rps(rates.real) / rps(rates.bare) };
}

interface Latencies {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  max: number;
  rps: number;
}

/** STAFF clients, each one request at a time, for SECONDS: every answer's time. */
async function loadConsole(port: number, cookie: string, path: string): Promise<Latencies> {
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  const headers = { cookie, 'sec-fetch-site': 'same-origin' };
  const client = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/backoffice/api${path}`, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (!response.ok) errors += 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: STAFF }, client));
  const elapsed = (performance.now() - began) / 1000;
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
  return {
    count: times.length,
    errors,
    p50: at(0.5),
    p95: at(0.95),
    max: at(1),
    rps: times.length / elapsed,
  };
}

async function consoleReads(url: string) {
  const terms = await sampleTerms(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const agent = (
    await client.query<{ id: string }>(
      `select id from staff_accounts where email = 'conseiller@courtage-horizon.test'`,
    )
  ).rows[0]!.id;
  await client.end();
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  return [
    ['inbox: open, oldest first', '/requests'],
    ['inbox: newest first', '/requests?sort=newest'],
    ['inbox: status changed', '/requests?sort=status_changed'],
    ['inbox: all states', '/requests?state=all'],
    ['inbox: all, newest', '/requests?state=all&sort=newest'],
    ['inbox: kind', '/requests?kind=change_payment_details'],
    ['inbox: status', '/requests?status=awaiting_documents'],
    ['inbox: late', '/requests?age=overdue'],
    ['inbox: on time', '/requests?age=on_time'],
    ['inbox: contract', `/requests?state=all&contract=${terms.policy_number}`],
    ['inbox: an agent’s', `/requests?agent=${agent}`],
    ['inbox: nobody’s', '/requests?agent=none'],
    ['inbox search: reference', `/requests?state=all&${q(terms.reference)}`],
    ['inbox search: name', `/requests?state=all&${q(terms.name)}`],
    ['inbox search: e-mail', `/requests?state=all&${q(terms.email)}`],
    ['inbox search: customer no.', `/requests?state=all&${q(terms.customer_id)}`],
    ['inbox search: contract no.', `/requests?state=all&${q(terms.policy_number)}`],
    [
      'inbox search: plate',
      `/requests?state=all&${q(terms.plate.replaceAll('-', '').toLowerCase())}`,
    ],
    ['customers: name', `/customers?${q(terms.name)}`],
    ['customers: e-mail', `/customers?${q(terms.email)}`],
    ['customers: customer no.', `/customers?${q(terms.customer_id)}`],
    ['customers: contract no.', `/customers?${q(terms.policy_number)}`],
    ['customers: plate', `/customers?${q(terms.plate.replaceAll('-', ''))}`],
    ['customers: reference', `/customers?${q(terms.reference)}`],
    ['customer’s file', `/customers/${terms.customer_id}`],
    ['journal: first page', '/audit'],
  ] as const;
}

export async function reportConsole(): Promise<void> {
  const database = await postgresDatabase('console');
  if (!database) {
    console.info('Console bench: PostgreSQL did not answer on 127.0.0.1:5432, nothing measured.');
    return;
  }
  const pinned = PIN && pin(process.pid, 1);
  const children: Child[] = [];
  try {
    // Two starts on one database: the same key for the secrets the first one sealed.
    const env = {
      BENCH_DATABASE_URL: database.url,
      BENCH_SECRETS_KEY: randomBytes(32).toString('base64'),
    };
    let real = await startChild(env);
    children.push(real);
    const bare = await startChild({
      BENCH_TARGET: 'bare',
      BENCH_READS: JSON.stringify(real.ready.reads.filter((r) => r.name === 'policies')),
    });
    children.push(bare);
    const empty = await policiesRatio(real, bare);
    console.info(
      `Policies read, seeded database: ${empty.real.toFixed(0)} req/s, bare ${empty.bare.toFixed(0)}, ratio ${empty.ratio.toFixed(3)}`,
    );
    await stop(real);
    children.splice(children.indexOf(real), 1);

    const started = performance.now();
    console.info('Console bench: writing a broker’s size of data…');
    await generateConsoleData(database.url);
    console.info(`  in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    real = await startChild(env);
    children.push(real);
    const full = await policiesRatio(real, bare);
    const change = full.ratio / empty.ratio - 1;
    console.info(
      `Policies read, broker's size: ${full.real.toFixed(0)} req/s, bare ${full.bare.toFixed(0)}, ratio ${full.ratio.toFixed(3)} (${(change * 100).toFixed(1)} % from the seeded database's)`,
    );
    recordFigure({
      name: 'Policies read vs bare at a broker’s size, change',
      value: `${(change * 100).toFixed(1)} %`,
      goal: 'within 10 %',
      met: Math.abs(change) <= 0.1,
    });

    const { cookie } = await ask(real, 'staff');
    const reads = await consoleReads(database.url);
    console.info(`Console reads: ${STAFF} staff at once, ${SECONDS} s each`);
    const row = (cells: string[]) =>
      console.info(cells.map((c, i) => (i === 0 ? c.padEnd(28) : c.padStart(9))).join(' '));
    row(['read', 'req/s', 'p50 ms', 'p95 ms', 'max ms', 'errors']);
    let worst = 0;
    for (const [name, path] of reads) {
      await loadConsole(real.ready.port, cookie, path); // warm-up: plans and caches
      const l = await loadConsole(real.ready.port, cookie, path);
      worst = Math.max(worst, l.p95);
      row([
        name,
        l.rps.toFixed(0),
        l.p50.toFixed(0),
        l.p95.toFixed(0),
        l.max.toFixed(0),
        String(l.errors),
      ]);
    }
    recordFigure({
      name: 'Console reads at a broker’s size, slowest p95',
      value: `${worst.toFixed(0)} ms`,
      goal: `< ${P95_GOAL_MS} ms`,
      met: worst < P95_GOAL_MS,
    });
  } finally {
    for (const child of children) await stop(child);
    // BENCH_KEEP_DATABASE=true keeps it to read query plans (EXPLAIN ANALYZE); drop it after.
    if (process.env.BENCH_KEEP_DATABASE === 'true') console.info(`Kept: ${database.url}`);
    else await database.drop();
    if (pinned) pin(process.pid, `0-${CPUS - 1}`);
  }
}
