// Figures: `npm run import` of a generated file (2 customers for 7 contracts, one line in ten
// refused) into a new PostgreSQL database and into an empty PGlite data folder, 143,000 lines
// each, that is 100,000 contracts (the size; the statement-level data versions of
// migration 0031 made PGlite fast enough for it): lines and contracts written per
// second, the total time, the time of a rerun of the same file (nothing left to write) and the
// import process's peak resident memory (VmHWM, read from /proc while it runs), which stays
// flat because the file is streamed and batches are bounded (docs/decisions/0076-bulk-
// import.md). The PostgreSQL leg runs when 127.0.0.1:5432 (or BENCH_POSTGRES_URL) answers, on
// a database the bench creates and drops (postgres-database.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { toolCommand } from '../apps/server/test/support/built-server';
import { ensureServerBuilt } from '../scripts/builds.mjs';
import { totalsOf, writeImportFile } from '../apps/server/test/support/import';
import { BENCH_ADMIN_URL, postgresDatabase } from './postgres-database';

/** BENCH_IMPORT_LINES / BENCH_IMPORT_PGLITE_LINES: other sizes (a quick look on a busy machine). */
const POSTGRES_LINES = Number(process.env.BENCH_IMPORT_LINES ?? 143_000);
const PGLITE_LINES = Number(process.env.BENCH_IMPORT_PGLITE_LINES ?? 143_000);

function peakRss(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return 0;
  }
}

async function importOnce(file: string, env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, [...toolCommand('import'), file], {
    env: { ...process.env, DEMO_MODE: 'true', LOG_LEVEL: 'warn', INIT_CWD: process.cwd(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!))), 250);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`import failed:\n${output}`);
  return { seconds: (performance.now() - started) / 1000, peak, totals: totalsOf(output) };
}

/** Generates `lines` lines in `folder`, imports them once, prints the figures. */
async function printLeg(
  name: string,
  folder: string,
  lines: number,
  env: (folder: string) => Record<string, string>,
) {
  const file = path.join(folder, `portefeuille-${lines}.ndjson`);
  const generated = await writeImportFile(file, lines);
  const { seconds, peak, totals } = await importOnce(file, env(folder));
  const minutes = `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  // The same file again: every record found unchanged (the way to finish a killed import).
  const again = await importOnce(file, env(folder));
  console.info(
    `  ${name}: ${lines} lines (${generated.customers} customers, ${generated.contracts} contracts, ` +
      `${totals.refused} refused) in ${minutes}: ${Math.round(lines / seconds)} lines/s, ` +
      `${Math.round(generated.contracts / seconds)} contracts/s, ` +
      `peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB; the same file again ` +
      `(${again.totals.unchanged} unchanged) in ${again.seconds.toFixed(0)} s`,
  );
}

export async function reportImport() {
  // The compiled tool, as `npm run import` runs it.
  ensureServerBuilt();
  const folder = await mkdtemp(path.join(tmpdir(), 'espace-bench-import-'));
  console.info('\nImport (`npm run import`, one line in ten refused, 2 customers for 7 contracts)');
  try {
    const database = await postgresDatabase('import');
    if (!database) console.info(`  PostgreSQL: skipped (no server at ${BENCH_ADMIN_URL})`);
    else {
      try {
        await printLeg('PostgreSQL', folder, POSTGRES_LINES, () => ({
          DATABASE_URL: database.url,
        }));
      } finally {
        await database.drop();
      }
    }
    await printLeg('PGlite', folder, PGLITE_LINES, (dir) => ({ DATA_DIR: path.join(dir, 'data') }));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
