// `npm run bench -- hardening` (issue 12): figures of the hardening, printed, never asserted.
// - 5xx answers over the fuzz corpus (apps/server/test/fuzz-corpus.ts): BENCH_FUZZ_RUNS bodies
//   per JSON route, on the real app over PGlite in memory;
// - the sign-in throttle under 25 parallel guesses: how many were checked (401), refused (429),
//   and how long the burst took;
// - files left after BENCH_KILLS kills of a real server process mid-upload (3 by default; more
//   by hand), on PGlite in a data folder: stored files without row and rows without file after
//   a last restart;
// - slow clients: how long a body sending one byte every two seconds is held before its 408,
//   with the default limits, over a real socket (docs/decisions/0053-slow-clients-and-drain.md).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { referencedStorageKeys } from '../apps/server/src/services/storage/sweep';
import { bodies, FUZZ_SEED, fuzzRoutes } from '../apps/server/test/fuzz-corpus';
import { bearer, DEMO, signIn, startLogin, subjectOf } from '../apps/server/test/harness';
import { killMidUpload, overHttp, startPortal, stopped } from '../apps/server/test/portal-process';

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

async function throttleFigures() {
  const { app, config, close } = await inMemoryApp();
  try {
    const { jar, interaction } = await startLogin(app, config);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `${interaction}/login`,
          remoteAddress: '203.0.113.7',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: DEMO.lea, password: `Faux-${i}` }).toString(),
        }),
      ),
    );
    const ms = performance.now() - started;
    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    console.info(
      `hardening: 25 parallel guesses: ${count(401)} checked (401), ${count(429)} refused (429), ` +
        `others ${25 - count(401) - count(429)}, in ${ms.toFixed(0)} ms`,
    );
  } finally {
    await close();
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
  await throttleFigures();
  await killFigures();
  await slowClientFigures();
}
