// A portal of its own for a spec that deletes accounts and changes passwords, so the demo data
// the other specs read stays as seeded: `npm start` on a free port with a fresh data folder, in
// demo mode without SMTP, its log kept so a test can read what demo mode writes there (the
// forgotten-password link).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, stopChild, waitUntilReady } from './portal-server';

export interface PrivateServer {
  url: string;
  /** Everything the server wrote so far. */
  log(): string;
  stop(): Promise<void>;
}

export async function startPrivateServer(): Promise<PrivateServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'espace-e2e-private-'));
  let output = '';
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
      ...(process.env.E2E_WEB_OUT_DIR ? { WEB_OUT_DIR: process.env.E2E_WEB_OUT_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log: () => output, stop };
}
