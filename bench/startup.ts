// Figure: the time from `npm start` to the first answer, on a machine where the build exists,
// for a first start (empty data folder: migrations, keys, demo seed) and a restart; then the
// server process's memory (RSS) 10 s after the restart's first answer (Linux /proc).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

async function timeToFirstAnswer(
  dataDir: string,
  port: number,
  idle?: (rssMb: number | undefined) => void,
): Promise<number> {
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
        if (response.ok) {
          const elapsed = performance.now() - started;
          if (idle) {
            await new Promise((r) => setTimeout(r, IDLE_MS));
            idle(serverRssMb(child.pid!));
          }
          return elapsed;
        }
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
    let rss: number | undefined;
    const restart = await timeToFirstAnswer(dataDir, 3190, (mb) => (rss = mb));
    console.info(
      `Start-up to first answer: first start ${(first / 1000).toFixed(2)} s, restart ${(restart / 1000).toFixed(2)} s; server memory ${IDLE_MS / 1000} s after the restart ${rss === undefined ? 'n/a' : `${Math.round(rss)} MB`} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
