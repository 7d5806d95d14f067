// Issue 14: a restart loads only what serving needs. The PDF libraries (first document),
// nodemailer (first mail), the S3 SDK (S3 storage only) and the API documentation (API_DOCS only)
// are loaded on first use, so they cost neither start-up time nor idle memory. A first start
// renders the demo seed's PDF, so it does load pdf-lib.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PROBE = path.resolve(import.meta.dirname, 'start-probe.ts');
const LATER = ['pdf-lib', 'pdfkit', 'nodemailer', '@aws-sdk/client-s3', '@fastify/swagger'];

async function loadedPackages(dataDir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', PROBE], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO_MODE: 'true',
      API_DOCS: 'false',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'portail@example.fr',
      CUSTOMER_SERVICE_EMAIL: 'service@example.fr',
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
    expect(first).toContain('pdf-lib');
    expect(first.filter((p) => LATER.includes(p) && p !== 'pdf-lib')).toEqual([]);
  });

  it('a restart loads none of the libraries needed only later', async () => {
    const restart = await loadedPackages(dataDir);
    expect(restart).toContain('koa');
    expect(restart.filter((p) => LATER.includes(p))).toEqual([]);
  }, 120_000);
});
