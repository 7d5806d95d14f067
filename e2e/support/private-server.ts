// A portal of its own for a spec that deletes accounts and changes passwords, so the demo data
// the other specs read stays as seeded: the compiled server on a free port with a fresh copy of
// the seeded data folder (global-setup.ts), in demo mode without SMTP, its log kept so a test can
// read what demo mode writes there (the forgotten-password link).
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  REPO_ROOT,
  SERVER_COMMAND,
  stopChild,
  waitUntilReady,
  webEnv,
} from './portal-server';

export interface PrivateServer {
  url: string;
  /** Everything the server wrote so far. */
  log(): string;
  stop(): Promise<void>;
}

export async function startPrivateServer(): Promise<PrivateServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error('E2E_TEMPLATE_DIR is unset: global-setup.ts did not run');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-e2e-private-'));
  await cp(template, dataDir, { recursive: true });
  let output = '';
  const child = spawn(SERVER_COMMAND[0]!, SERVER_COMMAND.slice(1), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...webEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log: () => output, stop };
}
