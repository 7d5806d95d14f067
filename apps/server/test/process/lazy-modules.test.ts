// A restart of the compiled server (`npm start`'s) loads only what serving needs. The PDF
// libraries (first document), nodemailer (first mail), amqplib (first event for the message
// broker), the S3 SDK (S3 storage only), the API documentation (API_DOCS only), the QR code
// encoder (a staff member's first enrolment), the PostgreSQL driver (DATABASE_URL only) and the
// markdown loader (a content file changed) are loaded on first use, so they cost neither start-up
// time nor idle memory. A first start renders the demo seed's PDF and loads the content, so it
// does load pdfkit, the skins and markdown. What a process loaded is told by a module hook given
// to node with --import: every ES module it resolves, the bundle's chunks and the packages kept
// out of the bundle (each package loaded on first use is: docs/decisions/0022-compiled-server.md),
// and, through each loaded chunk's source map, the packages bundled into it.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, stopped } from '../support/portal-process';

/** Registers a resolve hook that appends every URL resolved to LOADED_MODULES_FILE. */
const HOOKS = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.LOADED_MODULES_FILE, resolved.url + '\\n');
  return resolved;
}
`;
const REGISTER = (hooks: string) => `
import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
`;

/** Loaded only on first use: packages from node_modules, and the bundle's own chunks. */
const LATER_PACKAGES = [
  'pdfkit',
  'postcss',
  'markdown-it',
  'nodemailer',
  'amqplib',
  '@aws-sdk/client-s3',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'qrcode',
  'pg',
  'file-type',
  // Metrics (METRICS_PORT) and traces (OTEL_EXPORTER_OTLP_ENDPOINT) only when configured.
  'fastify-metrics',
  'prom-client',
  '@opentelemetry/api',
  '@opentelemetry/sdk-node',
  '@opentelemetry/exporter-trace-otlp-proto',
  '@opentelemetry/exporter-trace-otlp-http',
  '@fastify/otel',
  'import-in-the-middle',
];
const LATER_CHUNKS = ['tagged-pdf', 'brand-skins', 'markdown', 'openapi', 's3-storage'];

async function loaded(dataDir: string): Promise<{ packages: string[]; chunks: string[] }> {
  const hooks = path.join(dataDir, 'hooks.mjs');
  const register = path.join(dataDir, 'register.mjs');
  const list = path.join(dataDir, `loaded-${Date.now()}.txt`);
  await writeFile(hooks, HOOKS);
  await writeFile(register, REGISTER(hooks));
  await writeFile(list, '');
  const portal = await startPortal(
    {
      NODE_ENV: 'development',
      DEMO_MODE: 'true',
      API_DOCS: 'false',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'portail@example.fr',
      CUSTOMER_SERVICE_EMAIL: 'service@example.fr',
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:1',
      DATA_DIR: path.join(dataDir, 'data'),
      LOADED_MODULES_FILE: list,
    },
    ['--import', pathToFileURL(register).href],
  );
  await stopped(portal.child, 'SIGTERM');
  const urls = (await readFile(list, 'utf8')).split('\n').filter(Boolean);
  const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1] ?? [];
  const chunkFiles = [
    ...new Set(urls.filter((url) => /\/apps\/server\/dist\/[^/]+\.js$/.test(url))),
  ];
  // A package bundled into a chunk is in that chunk's source map.
  const bundled = await Promise.all(
    chunkFiles.map(async (url) => {
      const map = JSON.parse(await readFile(`${fileURLToPath(url)}.map`, 'utf8')) as {
        sources: string[];
      };
      return map.sources.flatMap(packageOf);
    }),
  );
  const chunks = chunkFiles.flatMap(
    (url) => /dist\/([a-z-]+?)(?:-[A-Z0-9]{8})?\.js$/.exec(url)?.[1] ?? [],
  );
  return {
    packages: [...new Set([...urls.flatMap(packageOf), ...bundled.flat()])].sort(),
    chunks: [...new Set(chunks)].sort(),
  };
}

describe('modules loaded by the compiled server at start', () => {
  let dataDir: string;
  let first: Awaited<ReturnType<typeof loaded>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-lazy-'));
    first = await loaded(dataDir);
  }, 120_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('a first start loads the provider, renders the demo PDF and loads the content', () => {
    expect(first.packages).toContain('oidc-provider');
    expect(first.chunks).toEqual(expect.arrayContaining(['app', 'tagged-pdf', 'markdown']));
    expect(first.packages).toContain('pdfkit');
    const firstStart = ['pdfkit', 'postcss', 'markdown-it'];
    expect(
      first.packages.filter((p) => LATER_PACKAGES.includes(p) && !firstStart.includes(p)),
    ).toEqual([]);
  });

  it('a restart loads none of the libraries needed only later', async () => {
    const restart = await loaded(dataDir);
    expect(restart.packages).toContain('oidc-provider');
    expect(restart.chunks).toContain('app');
    expect(restart.packages.filter((p) => LATER_PACKAGES.includes(p))).toEqual([]);
    expect(restart.chunks.filter((c) => LATER_CHUNKS.includes(c))).toEqual([]);
  }, 120_000);
});
