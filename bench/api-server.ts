// Child process of api.ts: either the real app (BENCH_TARGET=real) on PGlite in a data folder (in
// its worker thread, or in process with PGLITE_IN_PROCESS=true) or on a PostgreSQL database
// (BENCH_DATABASE_URL), signed in through the real OIDC flow, or a
// bare Fastify (BENCH_TARGET=bare) answering the bodies the real one captured. It listens on a
// free port and answers the parent's messages: 'usage' (CPU and memory of this process alone).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, API_ROUTES, apiPath } from '@espace/contract';
import Fastify, { type FastifyInstance } from 'fastify';

export interface CapturedRead {
  name: string;
  path: string;
  body: string;
  contentType: string;
}

export type ChildMessage =
  | { kind: 'ready'; port: number; token: string; reads: CapturedRead[]; startMs: number }
  | { kind: 'usage'; cpuMicros: number; rssBytes: number }
  | { kind: 'token'; token: string }
  | { kind: 'staff'; cookie: string };

type ParentMessage = { kind: 'usage' } | { kind: 'token' } | { kind: 'staff' } | { kind: 'stop' };

let app: FastifyInstance;
process.on('uncaughtException', (err) => {
  console.error(
    `bench server (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : (process.env.BENCH_TARGET ?? 'PGlite')}) failed:`,
    err,
  );
  process.exit(1);
});
let cleanup = () => {};
const started = performance.now();
// A token for the next load: access tokens live 5 minutes, longer than a whole bench run, so the
// real server signs in again once its token is older than 2 minutes.
let freshToken: () => Promise<string> = () => Promise.resolve('');
// A supervisor with a console session (the console bench's staff), as the server tests make one.
let staffCookie: () => Promise<string> = () => Promise.resolve('');
const TOKEN_MAX_AGE_MS = 120_000;

async function startReal(): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config/config');
  const { DEMO, signIn, subjectOf } = await import('../apps/server/test/support/harness');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'espace-bench-api-'));
  cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const config = loadConfig({
    // The browser bench signs in over plain http, as the browser tests do: not production.
    NODE_ENV: process.env.BENCH_PORT ? 'development' : 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://localhost:${process.env.BENCH_PORT ?? 3000}`,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    // Production requires the key that seals the secrets read back from the database.
    // (BENCH_SECRETS_KEY: the same key for a second start on the same database.)
    SECRETS_KEY: process.env.BENCH_SECRETS_KEY ?? randomBytes(32).toString('base64'),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.PGLITE_IN_PROCESS ? { PGLITE_IN_PROCESS: process.env.PGLITE_IN_PROCESS } : {}),
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  });
  app = await buildApp(config, { logger: false });
  const startMs = performance.now() - started;
  const tokens = await signIn(app, config, DEMO.camille);
  const accountId = subjectOf(tokens.access_token);
  let token = { value: tokens.access_token, at: performance.now() };
  freshToken = async () => {
    if (performance.now() - token.at > TOKEN_MAX_AGE_MS) {
      const renewed = await signIn(app, config, DEMO.camille);
      token = { value: renewed.access_token, at: performance.now() };
    }
    return token.value;
  };
  staffCookie = async () => {
    const { staffSignedIn } = await import('../apps/server/test/support/console');
    return (await staffSignedIn(app, 'supervisor', 'Banc Superviseur')).cookie;
  };
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const capture = async (name: string, url: string): Promise<CapturedRead> => {
    const response = await app.inject({ method: 'GET', url: API_PREFIX + url, headers: auth });
    if (response.statusCode !== 200)
      throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    return {
      name,
      path: API_PREFIX + url,
      body: response.body,
      contentType: String(response.headers['content-type']),
    };
  };
  const policies = await capture('policies', apiPath(API_ROUTES.policies, { accountId }));
  const policyNumber = (JSON.parse(policies.body) as { policyNumber: string }[])[0]!.policyNumber;
  const reads = [
    policies,
    await capture('account', apiPath(API_ROUTES.account, { accountId })),
    await capture('faq-search', `${apiPath(API_ROUTES.faq)}?q=attestation`),
    await capture('documents', apiPath(API_ROUTES.documents, { accountId, policyNumber })),
  ];
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  send({
    kind: 'ready',
    port: (app.server.address() as AddressInfo).port,
    token: tokens.access_token,
    reads,
    startMs,
  });
}

async function startBare(reads: CapturedRead[]): Promise<void> {
  app = Fastify({ logger: false });
  for (const read of reads) {
    const url = read.path.split('?')[0]!;
    app.get(url, (_request, reply) => reply.type(read.contentType).send(read.body));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({
    kind: 'ready',
    port: (app.server.address() as AddressInfo).port,
    token: '',
    reads,
    startMs: 0,
  });
}

function send(message: ChildMessage) {
  process.send!(message);
}

process.on('message', (message: ParentMessage) => {
  if (message.kind === 'usage') {
    const cpu = process.cpuUsage();
    send({ kind: 'usage', cpuMicros: cpu.user + cpu.system, rssBytes: process.memoryUsage().rss });
  } else if (message.kind === 'token') {
    void freshToken().then((token) => send({ kind: 'token', token }));
  } else if (message.kind === 'staff') {
    void staffCookie().then((cookie) => send({ kind: 'staff', cookie }));
  } else {
    // Whatever the app's close waits for, the bench does not wait more than a few seconds.
    setTimeout(() => {
      cleanup();
      process.exit(0);
    }, 3000).unref();
    void app.close().finally(() => {
      cleanup();
      process.exit(0);
    });
  }
});
process.on('disconnect', () => {
  cleanup();
  process.exit(0);
});

if (process.env.BENCH_TARGET === 'bare')
  await startBare(JSON.parse(process.env.BENCH_READS!) as CapturedRead[]);
else await startReal();
