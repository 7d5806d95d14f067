// `npm run bench -- hardening`: figures of the hardening, printed, never asserted.
// - 5xx answers over the fuzz corpus (apps/server/test/support/fuzz-corpus.ts): BENCH_FUZZ_RUNS
//   bodies per JSON route, on the real app over PGlite in memory;
// - the sign-in throttle under attack (hardening-owner.ts): passwords evaluated per account and
//   window from 20 addresses on two instances, and the owner's time to get in by each way;
// - files left after BENCH_KILLS kills of a real server process mid-upload (3 by default; more
//   by hand), on PGlite in a data folder: stored files without row and rows without file after
//   a last restart;
// - slow clients: how long a body sending one byte every two seconds is held before its 408,
//   with the default limits, over a real socket (docs/decisions/0053-slow-clients-and-drain.md);
// - a drain: 5xx and cut requests while a real server process gets SIGTERM under 20 clients.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/client';
import { referencedStorageKeys } from '../apps/server/src/platform/storage/sweep';
import { bodies, FUZZ_SEED, fuzzRoutes } from '../apps/server/test/support/fuzz-corpus';
import { bearer, DEMO, signIn, subjectOf } from '../apps/server/test/support/harness';
import {
  killMidUpload,
  overHttp,
  startPortal,
  stopped,
} from '../apps/server/test/support/portal-process';
import { reportOwnerUnderAttack } from './hardening-owner';

const FUZZ_RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 50);
const KILLS = Number(process.env.BENCH_KILLS ?? 3);

async function inMemoryApp(http?: ReturnType<typeof loadConfig>['http']) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-bench-hardening-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
    },
    { inMemoryDatabase: true, ...(http && { http }) },
  );
  const app = await buildApp(config, { logger: false });
  return {
    app,
    config,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function fuzzFigures() {
  const { app, config, close } = await inMemoryApp();
  try {
    const token = (await signIn(app, config, DEMO.camille)).access_token;
    const accountId = subjectOf(token);
    let sent = 0;
    let failures = 0;
    for (const [, method, url, base] of fuzzRoutes(accountId)) {
      const samples = fc.sample(bodies(base), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS });
      for (const body of samples) {
        const response = await app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        sent += 1;
        if (response.statusCode >= 500) failures += 1;
      }
    }
    console.info(`hardening: fuzz corpus: ${sent} bodies, ${failures} answered 5xx`);
  } finally {
    await close();
  }
}

/** 5xx and failed requests while a real server process drains on SIGTERM under 20 clients. */
async function drainFigures() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-bench-drain-'));
  const noticeMs = 1_500;
  const portal = await startPortal({
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    SHUTDOWN_DELAY_MS: String(noticeMs),
  });
  try {
    const exited = new Promise<number | null>((resolve) => portal.child.once('exit', resolve));
    let signalledAt = 0;
    let answered = 0;
    let errors5xx = 0;
    let failed = 0;
    const client = async () => {
      // Until the balancer would stop sending (its health check sees /readyz answer 503).
      while (!signalledAt || Date.now() < signalledAt + noticeMs - 300) {
        try {
          const response = await fetch(`${portal.url}/healthz`);
          await response.text();
          answered += 1;
          if (response.status >= 500) errors5xx += 1;
        } catch {
          if (signalledAt) return;
          failed += 1;
        }
      }
    };
    const clients = Array.from({ length: 20 }, client);
    await new Promise((resolve) => setTimeout(resolve, 500));
    signalledAt = Date.now();
    portal.child.kill('SIGTERM');
    await Promise.all(clients);
    const code = await exited;
    console.info(
      `hardening: drain under 20 clients: ${answered} answered, ${errors5xx} 5xx, ` +
        `${failed} cut, exit code ${code}`,
    );
  } finally {
    await stopped(portal.child, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function killFigures() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-bench-kills-'));
  const documentsDir = path.join(dataDir, 'documents');
  const env = { DATA_DIR: dataDir, DEMO_MODE: 'true', PUBLIC_URL: 'http://localhost:3000' };
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
  try {
    for (let kill = 0; kill < KILLS; kill++) {
      const portal = await startPortal(env);
      const token = (await signIn(overHttp(portal.url), config, DEMO.camille)).access_token;
      await killMidUpload(portal, { token, accountId: subjectOf(token) }, documentsDir);
    }
    const leftBeforeRestart = (await readdir(documentsDir)).length;
    const last = await startPortal(env);
    await stopped(last.child, 'SIGTERM');
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const keys = await referencedStorageKeys(handle.db);
      const files = new Set(await readdir(documentsDir));
      const withoutRow = [...files].filter((f) => !keys.has(f)).length;
      const withoutFile = [...keys].filter((k) => !files.has(k)).length;
      console.info(
        `hardening: ${KILLS} kills mid-upload: ${leftBeforeRestart - keys.size} files left ` +
          `before the restart, after it ${withoutRow} files without row, ${withoutFile} rows without file`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function slowClientFigures() {
  const { app, config, close } = await inMemoryApp(loadConfig({}).http);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const token = (await signIn(app, config, DEMO.camille)).access_token;
    const body = Buffer.from(JSON.stringify({ text: 'Bonjour '.repeat(20) }));
    const started = performance.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body.subarray(sent, ++sent));
      }, 2_000);
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
      socket.write(
        `POST /api/v1/account/accounts/${subjectOf(token)}/mail/mail-contact HTTP/1.1\r\n` +
          `Host: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
    });
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `hardening: slow client (1 byte every 2 s): answered ${answer.slice(9, 12) || 'nothing'} ` +
        `after ${seconds.toFixed(1)} s`,
    );
  } finally {
    await close();
  }
}

export async function reportHardening(): Promise<void> {
  await fuzzFigures();
  await reportOwnerUnderAttack();
  await killFigures();
  await slowClientFigures();
  await drainFigures();
}
