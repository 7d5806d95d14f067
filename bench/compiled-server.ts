// The compiled server of a checkout (its apps/server/dist/server.js, as `npm start` runs it) on
// PGlite in a new data folder with the demo data, on a free port, for the benches that compare
// builds (web.ts with BENCH_WEB_VS) or load the server's pages (first-screen.ts). The child gets a
// minimal environment, the same for every checkout: nothing of the shell's (DATABASE_URL,
// WEB_DIST, npm's variables) reaches it unless given in `env`. NODE_ENV=production: the first
// screen's renderer loads react-dom/server from node_modules, which picks its development build
// (several times slower) under any other NODE_ENV.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/test/support/free-port';

export interface CompiledServer {
  /** Where it listens (127.0.0.1); the browser reaches it as `localhost`, its PUBLIC_URL. */
  port: number;
  /** Its PUBLIC_URL. */
  url: string;
  pid: number;
  /** CPU time (user + system, every thread) the process has used so far, in µs (Linux /proc). */
  cpuMicros(): number;
  stop(): Promise<void>;
}

/** The variables of the shell the server may see: what a process needs to run, nothing else. */
const PASSED = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'];

/** The servers still running, killed if the bench process exits without stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times (100 on Linux). */
const TICKS_PER_SECOND = 100;

function cpuMicrosOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, the 14th and 15th fields (the 12th and 13th after the name).
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

/**
 * Starts `root`'s compiled server (`npm run build` in `root` first) and resolves once its
 * /readyz answers 200; `env` is added to (or replaces) the bench's defaults.
 */
export async function startCompiledServer(
  root: string,
  env: Record<string, string> = {},
): Promise<CompiledServer> {
  const script = path.join(root, 'apps/server/dist/server.js');
  if (!existsSync(script)) throw new Error(`${script} is missing: run "npm run build" in ${root}`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'espace-bench-server-'));
  const passed = Object.fromEntries(
    PASSED.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: root,
    env: {
      ...passed,
      NODE_ENV: 'production',
      // Production requires the key that seals the secrets read back from the database.
      SECRETS_KEY: randomBytes(32).toString('base64'),
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      // Plain http: no Secure cookies, so a browser on http://localhost keeps them.
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      cleanup();
      throw new Error(`The server of ${root} stopped before it was ready (${child.exitCode})`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      cleanup();
      throw new Error(`The server of ${root} was not ready after 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url: `http://localhost:${port}`,
    pid: child.pid!,
    cpuMicros: () => cpuMicrosOf(child.pid!),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // The server drains for a second (server.ts); past 15 s it is killed.
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      cleanup();
    },
  };
}
