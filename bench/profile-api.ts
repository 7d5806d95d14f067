// `node --import tsx bench/profile-api.ts [postgres|pglite] [policies,account,…]`: a CPU profile of
// the compiled server (`node --cpu-prof apps/server/dist/server.js`, `npm run build` first) under
// the api bench's load (50 connections, PROFILE_SECONDS per read, default 8), then the functions
// that took the most of the server thread's own time, and that time grouped by where its code
// lives (our sources, fastify, pg, kysely, pino, node internals…), in µs per request, for each
// thread (the request thread, then PGlite's worker); with PROFILE_PERF=true, Linux perf's on-CPU
// samples per thread instead (see PERF below). The profiles themselves stay in PROFILE_DIR
// (default a temporary folder) for a flame graph (Chrome DevTools, speedscope). Not part of
// `npm run bench`: a tool for finding where time goes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX, API_ROUTES, apiPath } from '@espace/contract';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const backend = process.argv[2] ?? 'postgres';
const reads = (process.argv[3] ?? 'policies,account').split(',');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const PORT = 3197;
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function's code lives, for the grouped figures. */
function place(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url.split('/')[0]!;
  if (url.includes('/dist/')) return 'espace (dist)';
  return url;
}

/**
 * PROFILE_PERF=true: Linux `perf` samples each thread only while it runs on a CPU (V8's
 * profiler samples wall time, so a thread preempted on the shared CPU is charged with the other
 * thread's work, in `writev` or `postMessage`). Printed: each thread's CPU µs per request and
 * its hottest symbols (JavaScript named through `--perf-basic-prof`).
 */
const PERF = process.env.PROFILE_PERF === 'true';
const PERF_HZ = 1999;

function perfReport(data: string, pid: number, requests: number): void {
  const script = spawnSync('perf', ['script', '-i', data, '-F', 'tid'], { encoding: 'utf8' });
  const samples = new Map<number, number>();
  for (const line of script.stdout.split('\n')) {
    const tid = Number(line.trim());
    if (tid) samples.set(tid, (samples.get(tid) ?? 0) + 1);
  }
  const perRequest = (n: number) => ((n / PERF_HZ / requests) * 1e6).toFixed(1).padStart(7);
  const total = [...samples.values()].reduce((a, b) => a + b, 0);
  console.info(`perf: ${requests} requests, ${perRequest(total)} µs of CPU each, all threads`);
  for (const [tid, n] of [...samples].sort((a, b) => b[1] - a[1]).slice(0, 4)) {
    const label = tid === pid ? 'request thread' : `thread ${tid}`;
    console.info(`\n${perRequest(n)} µs/request  ${label}; hottest symbols (% of all samples):`);
    const report = spawnSync(
      'perf',
      ['report', '-i', data, '--no-children', '-g', 'none', '--sort', 'sym', '-q'].concat([
        '--tid',
        String(tid),
      ]),
      { encoding: 'utf8' },
    );
    console.info(report.stdout.split('\n').filter(Boolean).slice(0, 25).join('\n'));
  }
}

/** The thread id in a `--cpu-prof` file name (CPU.date.time.pid.thread.sequence.cpuprofile). */
const threadOf = (file: string) => Number(file.split('.').at(-3));

/** Self time per node of the samples taken between `from` and `to` (monotonic µs). */
function analyse(profile: Profile, requests: number, from: number, to: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]!;
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]!);
  });
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    total += micros;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
    const where = place(url, functionName);
    places.set(where, (places.get(where) ?? 0) + micros);
  }
  const perRequest = (micros: number) => (micros / requests).toFixed(1).padStart(7);
  console.info(`${requests} requests, ${perRequest(total)} µs of the thread's own time each`);
  console.info('by place (µs/request):');
  for (const [where, micros] of [...places].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.info(`${perRequest(micros)}  ${where}`);
  console.info('top functions, self time (µs/request):');
  for (const [key, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.info(`${perRequest(micros)}  ${key}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'espace-profile-'));
  const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'espace-cpuprof-'));
  mkdirSync(profileDir, { recursive: true });
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  const name = `espace_profile_${process.pid}`;
  if (backend === 'postgres') {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const server = spawn(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      ...(PERF ? ['--perf-basic-prof'] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
      'apps/server/dist/server.js',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DEMO_MODE: 'true',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    const base = `http://localhost:${PORT}`;
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 100));
    const { loadConfig } = await import('../apps/server/src/config/config');
    const { DEMO, signIn, subjectOf } = await import('../apps/server/test/support/harness');
    const { overHttp } = await import('../apps/server/test/support/portal-process');
    const config = loadConfig({ PORT: String(PORT), LOG_LEVEL: 'warn' });
    const { access_token: token } = await signIn(overHttp(base), config, DEMO.camille);
    const accountId = subjectOf(token);
    const paths: Record<string, string> = {
      policies: apiPath(API_ROUTES.policies, { accountId }),
      account: apiPath(API_ROUTES.account, { accountId }),
      'faq-search': `${apiPath(API_ROUTES.faq)}?q=attestation`,
    };
    const perfData = path.join(profileDir, 'perf.data');
    const recording = PERF
      ? spawn(
          'perf',
          ['record', '-e', 'cpu-clock', '-F', String(PERF_HZ), '-p', String(server.pid)].concat([
            '-o',
            perfData,
            '--',
            'sleep',
            String(SECONDS * reads.length + 1),
          ]),
          { stdio: 'ignore' },
        )
      : undefined;
    let requests = 0;
    // V8's profile clock and hrtime are both the monotonic clock (µs).
    const from = Number(process.hrtime.bigint() / 1000n);
    for (const read of reads) {
      const result = await autocannon({
        url: base + API_PREFIX + paths[read]!,
        connections: 50,
        duration: SECONDS,
        headers: { authorization: `Bearer ${token}` },
      });
      requests += result.requests.total;
      console.info(
        `${read}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
      );
    }
    const to = Number(process.hrtime.bigint() / 1000n);
    if (recording) {
      if (recording.exitCode === null) await new Promise((r) => recording.once('exit', r));
      perfReport(perfData, server.pid!, requests);
    }
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    // One profile per thread: the request thread's, then PGlite's worker's when it has one
    // (file names end with the thread id, then a sequence number).
    const files = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort((a, b) => threadOf(a) - threadOf(b));
    for (const file of files) {
      console.info(`\nthread ${threadOf(file)}, profile: ${path.join(profileDir, file)}`);
      analyse(
        JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as Profile,
        requests,
        from,
        to,
      );
    }
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

await main();
