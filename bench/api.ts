// `npm run bench -- api`: the API reads under load, the real server against a bare Fastify that
// answers the same captured bodies, in one interleaved run so a busy machine weighs on both
// alike (compare the ratios, not the absolute figures). Each backend (PGlite in its worker thread
// as the server runs it, PGlite in the request thread with PGLITE_IN_PROCESS, PostgreSQL when it
// answers) runs in its own child process; every round loads each read on the real
// server, then on the bare one, for BENCH_SECONDS (default 5) at BENCH_CONNECTIONS (default 50);
// BENCH_ONLY picks some of the reads.
// As in the issue's measure, the servers run on the first core and the load generator (this
// process) on the second, when the machine has two and `taskset` is there (BENCH_PIN=false: not).
// Printed per read and target: median req/s, p50, p99, CPU per request (the child's own CPU
// time divided by the requests it answered) and the ratio to bare; then memory and start time.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { CapturedRead, ChildMessage } from './api-server';
import { recordApiFigures } from './api-figures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_ONLY=account,documents loads only those reads (default: all four). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const serverScript = path.join(import.meta.dirname, 'api-server.ts');

export interface Child {
  process: ChildProcess;
  ready: Extract<ChildMessage, { kind: 'ready' }>;
}

/**
 * The CPUs this process may use before the bench pins it: read once, as availableParallelism()
 * counts only the CPUs of the current affinity (1 once pinned), and the later benches get every
 * one of them back.
 */
export const CPUS = availableParallelism();
export const PIN = process.env.BENCH_PIN !== 'false' && CPUS >= 2;

/** Every thread of `pid` (and those it starts later) on CPU `cpu`; false if taskset failed. */
export function pin(pid: number, cpu: number | string): boolean {
  return (
    spawnSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' }).status === 0
  );
}

export function startChild(env: Record<string, string>): Promise<Child> {
  const child = fork(serverScript, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (PIN) pin(child.pid!, 0);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.once('message', (message: ChildMessage) => {
      if (message.kind === 'ready') resolve({ process: child, ready: message });
    });
  });
}

export function ask<K extends 'usage' | 'token' | 'staff'>(
  child: Child,
  kind: K,
): Promise<Extract<ChildMessage, { kind: K }>> {
  return new Promise((resolve) => {
    const listener = (message: ChildMessage) => {
      if (message.kind !== kind) return;
      child.process.off('message', listener);
      resolve(message as Extract<ChildMessage, { kind: K }>);
    };
    child.process.on('message', listener);
    child.process.send({ kind });
  });
}

const usage = (child: Child) => ask(child, 'usage');

export async function stop(child: Child): Promise<void> {
  child.process.removeAllListeners('exit');
  const exited = new Promise((r) => child.process.once('exit', r));
  child.process.send({ kind: 'stop' });
  await exited;
}

export interface Sample {
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  errors: number;
}

export async function load(child: Child, read: CapturedRead): Promise<Sample> {
  const { token } = await ask(child, 'token');
  const before = await usage(child);
  const result = await autocannon({
    url: `http://127.0.0.1:${child.ready.port}${read.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const after = await usage(child);
  const requests = result.requests.total || 1;
  const failed = Object.entries(result.statusCodeStats ?? {}).filter(
    ([code]) => !code.startsWith('2'),
  );
  if (failed.length)
    console.warn(
      `${read.name} on port ${child.ready.port}: ${failed.map(([code, s]) => `${s.count ?? 0} × ${code}`).join(', ')}`,
    );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (after.cpuMicros - before.cpuMicros) / 1000 / requests,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `espace_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function reportApi(): Promise<void> {
  const pinned = PIN && pin(process.pid, 1);
  const backends: { name: string; env: Record<string, string>; drop?: () => Promise<void> }[] = [
    { name: 'PGlite', env: {} },
    { name: 'PGlite-inpr', env: { PGLITE_IN_PROCESS: 'true' } },
  ];
  const postgres = await postgresDatabase();
  if (postgres)
    backends.push({
      name: 'PostgreSQL',
      env: { BENCH_DATABASE_URL: postgres.url },
      drop: postgres.drop,
    });
  else console.info('PostgreSQL did not answer: PGlite only.');

  const real: Child[] = [];
  try {
    for (const backend of backends) real.push(await startChild(backend.env));
    const reads = real[0]!.ready.reads.filter((read) => !ONLY || ONLY.includes(read.name));
    const bare = await startChild({ BENCH_TARGET: 'bare', BENCH_READS: JSON.stringify(reads) });
    const idle = await Promise.all(real.map(usage));
    const samples = new Map<string, Sample[]>();
    const add = (key: string, sample: Sample) =>
      samples.set(key, [...(samples.get(key) ?? []), sample]);
    console.info(
      `API reads: ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, interleaved (real, then bare)${pinned ? ', servers on CPU 0, load on CPU 1' : ''}`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const read of reads) {
        for (let i = 0; i < real.length; i++) {
          const child = real[i]!;
          const own = child.ready.reads.find((r) => r.name === read.name)!;
          add(`${read.name}|${backends[i]!.name}`, await load(child, own));
        }
        add(`${read.name}|bare`, await load(bare, read));
      }
    }
    const after = await Promise.all(real.map(usage));
    const row = (cells: string[]) =>
      console.info(cells.map((c, i) => (i < 2 ? c.padEnd(12) : c.padStart(10))).join(' '));
    const stats = (read: string, target: string) => {
      const list = samples.get(`${read}|${target}`);
      if (!list) return undefined;
      return {
        rps: median(list.map((s) => s.rps)),
        p50: median(list.map((s) => s.p50)),
        p99: median(list.map((s) => s.p99)),
        cpu: median(list.map((s) => s.cpuMsPerRequest)),
        errors: list.reduce((n, s) => n + s.errors, 0),
      };
    };
    row(['read', 'target', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'vs bare', 'errors']);
    for (const read of reads) {
      const bareRps = stats(read.name, 'bare')!.rps;
      for (const target of [...backends.map((b) => b.name), 'bare']) {
        const { rps, p50, p99, cpu, errors } = stats(read.name, target)!;
        row([
          read.name,
          target,
          rps.toFixed(0),
          p50.toFixed(0),
          p99.toFixed(0),
          cpu.toFixed(3),
          (rps / bareRps).toFixed(3),
          String(errors),
        ]);
      }
    }
    recordApiFigures(stats);
    backends.forEach((backend, i) => {
      const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
      console.info(
        `${backend.name}: built in ${(real[i]!.ready.startMs / 1000).toFixed(2)} s (first start), memory ${mb(idle[i]!.rssBytes)} MB at idle, ${mb(after[i]!.rssBytes)} MB after the run`,
      );
    });
    await stop(bare);
  } finally {
    for (const child of real) await stop(child);
    for (const backend of backends) await backend.drop?.();
    // The benches after this one (a browser) get every CPU again.
    if (pinned) pin(process.pid, `0-${CPUS - 1}`);
  }
}
