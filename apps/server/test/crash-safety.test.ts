// Issue 12: a crash leaves nothing behind, and the data folder is its owner's only. A real
// server process (server.ts, as `npm start` runs it) is killed with SIGKILL in the middle of an
// upload; a complete file without its row is also planted, as a kill between the rename and the
// commit would leave it (that window is too short to hit on purpose). After a restart, every
// stored file has its row and every row its file; folders are 0700 and files 0600 although the
// server was started with umask 022.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { referencedStorageKeys } from '../src/services/storage/sweep';
import { BACKENDS, type BackendName } from './backends';
import { BOUNDARY, partHead, samplePdf } from './documents-support';
import { DEMO, signIn, subjectOf } from './harness';
import { adminQuery, postgresUrl } from './postgres';
import { testConfig } from './test-config';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../src/server.ts');
const POLICY = 'AU2026104512';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `app.inject` over real HTTP, enough for the harness's sign-in (status, headers, cookies). */
function overHttp(base: string): FastifyInstance {
  const inject = async (request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }) => {
    const response = await fetch(new URL(request.url, base), {
      method: request.method,
      headers: request.headers,
      body: request.payload,
      redirect: 'manual',
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      json: () => JSON.parse(body) as unknown,
      cookies: response.headers.getSetCookie().map((line) => {
        const [pair, ...attributes] = line.split(';');
        const eq = pair!.indexOf('=');
        const expires = attributes.find((a) => /^\s*expires=/i.test(a));
        return {
          name: pair!.slice(0, eq).trim(),
          value: pair!.slice(eq + 1),
          expires: expires ? new Date(expires.split('=')[1]!) : undefined,
        };
      }),
    };
  };
  return { inject } as unknown as FastifyInstance;
}

interface Portal {
  child: ChildProcess;
  url: string;
}

async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal stopped:\n${errors}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The portal did not start:\n${errors}`);
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Every mode under `folder` that is not 0700 (folders) or 0600 (files). */
async function looseModes(folder: string): Promise<string[]> {
  const loose: string[] = [];
  const mode = async (p: string) => (await stat(p)).mode & 0o777;
  if ((await mode(folder)) !== 0o700) loose.push(folder);
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const p = path.join(entry.parentPath, entry.name);
    const expected = entry.isDirectory() ? 0o700 : 0o600;
    if ((entry.isDirectory() || entry.isFile()) && (await mode(p)) !== expected)
      loose.push(`${p} ${(await mode(p)).toString(8)}`);
  }
  return loose;
}

describe.each(BACKENDS)('a server killed mid-upload on %s', (backend: BackendName) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(
    'keeps no file without row and no row without file after a restart',
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wt12-crash-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      const documentsDir = path.join(dataDir, 'documents');
      // The harness's sign-in speaks for a portal at http://localhost:3000 (its redirect URI).
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        DEMO_MODE: 'true',
        PUBLIC_URL: 'http://localhost:3000',
      };
      if (backend === 'postgres') {
        const name = `wt12_crash_${randomBytes(4).toString('hex')}`;
        await adminQuery(`create database ${name}`);
        cleanup.push(() => adminQuery(`drop database if exists ${name} with (force)`));
        env.DATABASE_URL = postgresUrl(name);
      }
      const umask = process.umask(0o022);
      let portal: Portal;
      try {
        portal = await startPortal(env);
      } finally {
        process.umask(umask);
      }
      cleanup.push(() => stopped(portal.child, 'SIGKILL'));

      const config = testConfig({ publicUrl: 'http://localhost:3000' });
      const token = (await signIn(overHttp(portal.url), config, DEMO.camille)).access_token;
      const accountId = subjectOf(token);

      // An upload of 2 MB whose first half arrives; the server is killed while it writes.
      const pdf = Buffer.concat([await samplePdf(), randomBytes(2_000_000)]);
      const body = Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nmandat_sepa\r\n`,
        ),
        partHead({
          name: 'upfile',
          fileName: 'coupe.pdf',
          contentType: 'application/pdf',
          content: pdf,
        }),
        pdf,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const socket = net.connect(new URL(portal.url).port as unknown as number, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        `POST /api/v1/document/accounts/${accountId}/policy/${POLICY}/uploadfile HTTP/1.1\r\n` +
          `Host: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, 1_000_000));
      await expect
        .poll(async () => (await readdir(documentsDir)).some((n) => n.endsWith('.part')), {
          timeout: 10_000,
        })
        .toBe(true);
      await stopped(portal.child, 'SIGKILL');
      socket.destroy();
      // What a kill between the rename and the commit leaves: a whole file under a key, no row.
      await writeFile(path.join(documentsDir, randomUUID()), pdf);

      const restarted = await startPortal(env);
      cleanup.push(() => stopped(restarted.child, 'SIGKILL'));
      if (backend === 'pglite') await stopped(restarted.child, 'SIGTERM');

      const handle: DatabaseHandle = await openDatabase(
        backend === 'postgres'
          ? { databaseUrl: env.DATABASE_URL }
          : { pgliteDir: path.join(dataDir, 'pglite') },
      );
      try {
        const keys = await referencedStorageKeys(handle.db);
        expect((await readdir(documentsDir)).sort()).toEqual([...keys].sort());
      } finally {
        await handle.close();
      }
      expect(await looseModes(dataDir)).toEqual([]);
    },
  );
});
