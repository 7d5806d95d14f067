// Figure: the time from `npm start` to the first answer, on a machine where the build exists,
// for a first start (empty data folder: migrations, keys, demo seed) and a restart.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function timeToFirstAnswer(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
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
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('server did not answer within 120 s');
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function reportStartup(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'espace-bench-'));
  try {
    const first = await timeToFirstAnswer(dataDir, 3190);
    const restart = await timeToFirstAnswer(dataDir, 3190);
    console.info(
      `Start-up to first answer: first start ${(first / 1000).toFixed(2)} s, restart ${(restart / 1000).toFixed(2)} s`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
