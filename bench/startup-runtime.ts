// Figure: the time from process start to the first /readyz answer for the compiled
// server (`node apps/server/dist/server.js`, what `npm start` runs) and for the sources through
// the TypeScript loader (what it ran before), on the same data folder after a first start, run
// alternately in this one run and compared as a ratio.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const RUNTIMES = {
  compiled: [path.join(root, 'apps/server/dist/server.js')],
  'TS loader': ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
} as const;

async function timeToReady(args: readonly string[], dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    while (performance.now() - started < 120_000) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('server did not answer within 120 s');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function reportStartupRuntime(rounds = 3): Promise<void> {
  const build = spawn('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'ignore' });
  await new Promise((r) => build.once('exit', r));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'espace-bench-'));
  try {
    await timeToReady(RUNTIMES.compiled, dataDir, 3191); // first start: seed, keys
    const times: Record<string, number[]> = { compiled: [], 'TS loader': [] };
    for (let i = 0; i < rounds; i += 1) {
      for (const [name, args] of Object.entries(RUNTIMES)) {
        times[name]!.push(await timeToReady(args, dataDir, 3191));
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const compiled = median(times.compiled!);
    const loader = median(times['TS loader']!);
    console.info(
      `Restart to first answer: compiled ${(compiled / 1000).toFixed(2)} s, TS loader ${(loader / 1000).toFixed(2)} s (compiled/loader ${(compiled / loader).toFixed(2)})`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
