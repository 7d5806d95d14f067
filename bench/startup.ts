// Figure: the time to the first answer, on a machine where the build exists, for a first start
// (empty data folder: migrations, keys, demo seed) and a restart, both with the command a
// deployment runs (`node apps/server/dist/server.js`) and with `npm start` (which adds npm's own
// start and the check that the build is current); then the server process's memory (RSS) 10 s
// after a restart's first answer, and 10 s and 30 s after 10,000 policies reads at 50 connections,
// signed in over HTTP as a browser is (Linux /proc).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX, API_ROUTES, apiPath } from '@espace/contract';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/test/support/free-port';
import { recordFigure } from './figures';

const root = path.resolve(import.meta.dirname, '..');

const IDLE_MS = 10_000;

/** The RSS in MB of the server (`dist/server.js`) in the process group `group`, if found. */
function serverRssMb(group: number): number | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/server.js')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) return Number(rss[1]) / 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}

const LOAD_REQUESTS = 10_000;

/** LOAD_REQUESTS policies reads at 50 connections, with a token got by signing in over HTTP. */
async function loadPolicies(port: number): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config/config');
  const { DEMO, signIn, subjectOf } = await import('../apps/server/test/support/harness');
  const { overHttp } = await import('../apps/server/test/support/portal-process');
  const base = `http://localhost:${port}`;
  const config = loadConfig({ PORT: String(port), LOG_LEVEL: 'warn' });
  const { access_token: token } = await signIn(overHttp(base), config, DEMO.camille);
  const url = base + API_PREFIX + apiPath(API_ROUTES.policies, { accountId: subjectOf(token) });
  const result = await autocannon({
    url,
    connections: 50,
    amount: LOAD_REQUESTS,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`policies reads: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

const COMMANDS = {
  server: ['node', 'apps/server/dist/server.js'],
  'npm start': ['npm', 'start'],
} as const;

async function timeToFirstAnswer(
  command: keyof typeof COMMANDS,
  dataDir: string,
  port: number,
  whileUp?: (group: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const [program, ...args] = COMMANDS[command];
  const child = spawn(program, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    const deadline = started + 120_000;
    while (performance.now() < deadline) {
      try {
        const response = await fetch(`http://localhost:${port}/readyz`);
        if (response.ok) {
          const elapsed = performance.now() - started;
          await whileUp?.(child.pid!);
          return elapsed;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('server did not answer within 120 s');
  } finally {
    await stopGroup(child.pid!);
  }
}

const groupAlive = (group: number) => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * SIGTERM to the process group, then waits until none of it is left: `npm start` ends before the
 * server it started, which would otherwise still hold the port and the data folder when the next
 * start begins (its /readyz answered in the new one's stead).
 */
async function stopGroup(group: number): Promise<void> {
  if (groupAlive(group)) process.kill(-group, 'SIGTERM');
  const deadline = performance.now() + 30_000;
  while (groupAlive(group)) {
    if (performance.now() > deadline) process.kill(-group, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function reportStartup(): Promise<void> {
  const folders: string[] = [];
  const fresh = () => {
    folders.push(mkdtempSync(path.join(tmpdir(), 'espace-bench-')));
    return folders.at(-1)!;
  };
  const port = await freePort();
  try {
    // npm start first: it builds what is missing, so the server's own figures start from a build.
    const npmFolder = fresh();
    const npmFirst = await timeToFirstAnswer('npm start', npmFolder, port);
    const npmRestart = await timeToFirstAnswer('npm start', npmFolder, port);
    const folder = fresh();
    const first = await timeToFirstAnswer('server', folder, port);
    let idle: number | undefined;
    let loaded: number | undefined;
    let settled: number | undefined;
    const restart = await timeToFirstAnswer('server', folder, port, async (group) => {
      await new Promise((r) => setTimeout(r, IDLE_MS));
      idle = serverRssMb(group);
      await loadPolicies(port);
      await new Promise((r) => setTimeout(r, IDLE_MS));
      loaded = serverRssMb(group);
      // V8's own memory reducer gives back the rest of the burst's heap some 20 to 30 s after it.
      await new Promise((r) => setTimeout(r, 2 * IDLE_MS));
      settled = serverRssMb(group);
    });
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const mb = (rss: number | undefined) => (rss === undefined ? 'n/a' : `${Math.round(rss)} MB`);
    recordFigure({
      name: 'restart to the first answer; idle RSS (PGlite)',
      value: `${s(restart)}; ${mb(idle)}`,
      goal: '< 1.0 s; ≤ 200 MB',
      met: idle === undefined ? undefined : restart < 1000 && idle <= 200,
    });
    console.info(
      `Start-up to first answer (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): server (node apps/server/dist/server.js) first start ${s(first)}, restart ${s(restart)}; npm start first start ${s(npmFirst)}, restart ${s(npmRestart)}; server memory ${IDLE_MS / 1000} s after the restart ${mb(idle)}, ${IDLE_MS / 1000} s after ${LOAD_REQUESTS.toLocaleString('en')} policies reads ${mb(loaded)} (${(3 * IDLE_MS) / 1000} s after: ${mb(settled)})`,
    );
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}
