// Starts the real portal for the browser tests: the compiled server that `npm start` runs
// (apps/server/dist/server.js, built with the SPA and the console by `npm start` in
// global-setup.ts when stale), on a free port and on its own copy of the data folder that
// global-setup.ts seeded: its own database and documents, the demo data fresh. The command-line
// tools the specs run are the compiled ones too (docs/decisions/0089-tests-run-the-build.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/support/free-port';

// The servers' ports are drawn outside the kernel's ephemeral range: they are bound seconds later.
export { freePort };

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(REPO_ROOT, 'apps/server/dist');
/** `node` and its arguments to run the compiled server, as scripts/start.mjs does. */
export const SERVER_COMMAND = [
  process.execPath,
  '--enable-source-maps',
  path.join(DIST, 'server.js'),
];
/** The same for a compiled tool, as `npm run staff|client|import` runs it. */
export function toolCommand(tool: 'staff' | 'client' | 'import'): string[] {
  return [process.execPath, '--enable-source-maps', path.join(DIST, `${tool}.js`)];
}
// The first start may build the SPA and seeds an empty database.
const READY_TIMEOUT_MS = 180_000;

export interface PortalServer {
  url: string;
  /** What the server wrote: all of it when started with `keepLog`, else its last 8,000 characters. */
  log(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Keep everything the server writes (a spec reads its log), not only the end for errors. */
  keepLog?: boolean;
}

/** The SPA build the servers serve: E2E_WEB_OUT_DIR when several runs share the machine. */
export function webEnv(): Record<string, string> {
  const out = process.env.E2E_WEB_OUT_DIR;
  return out ? { WEB_OUT_DIR: out, WEB_DIST: path.resolve(out) } : {};
}

/** Keeps the end of a process's output (to explain a server that did not start), or all of it. */
function tail(child: ChildProcess, keepAll = false): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = keepAll ? output + chunk.toString() : (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

/** Whether `child` has ended, by itself (an exit code) or by a signal (a signal's name). */
const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves once `child` has ended (at once when it already has). */
function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (ended(child)) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Stops a server `child` and resolves once it has ended: SIGTERM, so that it drains and closes
 * its database cleanly, then SIGKILL if it is still there after 10 s.
 */
export async function stopChild(child: ChildProcess): Promise<void> {
  const stopped = exited(child);
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await stopped;
  clearTimeout(killed);
}

/** Resolves once `url`/readyz answers; throws when `child` ends first, kills it when it is late. */
export async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (ended(child)) throw new Error(`The portal stopped before it was ready:\n${output()}`);
    // Within a second: whatever else might listen on the port must not hold the loop.
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The portal was not ready after ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/** Runs a command that serves the portal and resolves once /readyz answers. */
export async function startPortal(
  command: string[],
  env: Record<string, string>,
  { keepLog = false }: StartOptions = {},
): Promise<PortalServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...webEnv(), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = tail(child, keepLog);
  await waitUntilReady(url, child, output);
  return {
    url,
    log: output,
    stop: () => stopChild(child),
  };
}

/** A server on a fresh copy of the seeded data folder `template`, with `env` besides. */
export async function startServer(
  template: string,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<PortalServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-e2e-'));
  await cp(template, dataDir, { recursive: true });
  try {
    const server = await startPortal(SERVER_COMMAND, { ...env, DATA_DIR: dataDir }, options);
    return {
      url: server.url,
      log: server.log,
      async stop() {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
