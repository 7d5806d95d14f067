// Figures: `npm run import` of about 100,000 contracts (and their customers, one line in ten
// refused) into an empty PGlite data folder and into a new PostgreSQL database: contracts
// written per second and the import process's peak resident memory (VmHWM, read from /proc
// while it runs), which stays flat because the file is streamed (docs/decisions/0076-bulk-
// import.md). The PostgreSQL leg runs when 127.0.0.1:5432 (or BENCH_POSTGRES_URL) answers.
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { totalsOf, writeImportFile } from '../apps/server/test/import-support';

/** BENCH_IMPORT_CONTRACTS runs a smaller file (a quick look on a busy machine). */
const CONTRACTS = Number(process.env.BENCH_IMPORT_CONTRACTS ?? 100_000);
// writeImportFile: 7 contracts for every 10 lines.
const LINES = Math.ceil(CONTRACTS / 0.7);
const CLI = path.resolve(import.meta.dirname, '../apps/server/scripts/import.ts');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function peakRss(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return 0;
  }
}

async function importOnce(file: string, env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, file], {
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

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `espace_bench_import_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

async function printLeg(
  name: string,
  file: string,
  contracts: number,
  env: Record<string, string>,
) {
  const { seconds, peak, totals } = await importOnce(file, env);
  const written = totals.created + totals.updated + totals.unchanged;
  console.info(
    `  ${name}: ${seconds.toFixed(0)} s, ${Math.round(contracts / seconds)} contracts/s ` +
      `(${Math.round(written / seconds)} records/s), peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
  );
}

export async function reportImport() {
  const folder = await mkdtemp(path.join(tmpdir(), 'espace-bench-import-'));
  try {
    const file = path.join(folder, 'portefeuille.ndjson');
    const generated = await writeImportFile(file, LINES);
    console.info(
      `\nImport: ${LINES} lines, ${generated.customers} customers, ${generated.contracts} contracts, ${generated.refused.size} refused`,
    );
    await printLeg('PGlite', file, generated.contracts, { DATA_DIR: path.join(folder, 'data') });
    const database = await postgresDatabase();
    if (!database) console.info(`  PostgreSQL: skipped (no server at ${ADMIN_URL})`);
    else {
      try {
        await printLeg('PostgreSQL', file, generated.contracts, { DATABASE_URL: database.url });
      } finally {
        await database.drop();
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
