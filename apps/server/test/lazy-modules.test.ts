// A restart loads only what serving needs. The PDF libraries (first document),
// nodemailer (first mail), amqplib (first event for the message broker), the S3 SDK (S3 storage only), the API documentation (API_DOCS only),
// the QR code encoder (a staff member's first enrolment) and the PostgreSQL driver (DATABASE_URL only)
// are loaded on first use, so they cost neither start-up time nor idle memory. A first start
// renders the demo seed's PDF, so it does load pdfkit (and postcss, which reads the skin).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SOURCES = path.resolve(import.meta.dirname, '../src');
/**
 * Run in a process of its own (through tsx): builds the application from the environment's
 * configuration, as server.ts does, and prints the npm packages in Node's CommonJS module cache.
 */
const PROBE = `
import { createRequire } from 'node:module';
const { buildApp } = await import(${JSON.stringify(path.join(SOURCES, 'app.ts'))});
const { loadConfig } = await import(${JSON.stringify(path.join(SOURCES, 'config.ts'))});
const app = await buildApp(loadConfig(), { logger: false });
await app.ready();
const packages = new Set(
  Object.keys(createRequire(import.meta.url).cache).flatMap(
    (file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(file)?.[1] ?? [],
  ),
);
await app.close();
console.info(JSON.stringify([...packages].sort()));
`;
const LATER = [
  'pdfkit',
  'postcss',
  'nodemailer',
  'amqplib',
  '@aws-sdk/client-s3',
  '@fastify/swagger',
  'qrcode',
  'pg',
];

async function loadedPackages(dataDir: string): Promise<string[]> {
  const probe = path.join(dataDir, 'probe.mjs');
  await writeFile(probe, PROBE);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', probe], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO_MODE: 'true',
      API_DOCS: 'false',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'portail@example.fr',
      CUSTOMER_SERVICE_EMAIL: 'service@example.fr',
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
    },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
}

describe('modules loaded at start', () => {
  let dataDir: string;
  let first: string[];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-lazy-'));
    first = await loadedPackages(dataDir);
  }, 120_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('a first start loads the provider and renders the demo PDF, nothing else of the list', () => {
    expect(first).toContain('koa');
    expect(first).toContain('pdfkit');
    const pdf = ['pdfkit', 'postcss'];
    expect(first.filter((p) => LATER.includes(p) && !pdf.includes(p))).toEqual([]);
  });

  it('a restart loads none of the libraries needed only later', async () => {
    const restart = await loadedPackages(dataDir);
    expect(restart).toContain('koa');
    expect(restart.filter((p) => LATER.includes(p))).toEqual([]);
  }, 120_000);
});
