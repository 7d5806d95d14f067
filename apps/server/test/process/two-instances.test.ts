// The proof: two real server processes (the server entry point, as in production) on
// one PostgreSQL database and one S3 server (s3rver on loopback), both started at the same
// moment on an empty database, behave as one portal: sign-in on A and API on B, upload on A seen
// on B, a rate limit counted across both, a refresh token revoked on B refused on A, and A killed
// during an upload while B keeps serving and nothing half-written is left. Skipped, with the
// reason printed, when PostgreSQL does not answer.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { API_PREFIX, type Policy } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { spaRedirectUris } from '../../src/oidc/provider/provider';
import { RATE_LIMITS } from '../../src/platform/rate-limits/tiers';
import { DEMO_CUSTOMERS } from '../../src/seed/demo-customers';
import { WORK_CUSTOMERS } from '../../src/seed/demo-work';
import { BACKENDS } from '../support/backends';
import {
  MULTIPART_HEADERS,
  multipartBody,
  partHead,
  samplePdf,
  upfile,
  BOUNDARY,
} from '../support/documents';
import { DEMO, subjectOf } from '../support/harness';
import { startPortal, stopped, type Portal } from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { CookieJar } from '../support/cookie-jar';

const PUBLIC_URL = 'http://localhost:3000';
const POLICY = 'AU2026104512';
/** What both instances share besides the database and the store. */
const instanceEnv = { NODE_ENV: 'test', PUBLIC_URL, DEMO_MODE: 'true' };
const enabled = BACKENDS.includes('postgres');
if (!enabled) {
  console.info('Two-instance test skipped: no PostgreSQL leg in this run (support/backends.ts).');
}

function redirectPath(response: Response): string {
  const location = response.headers.get('location');
  if (!location) throw new Error(`Expected a redirect, got ${response.status}`);
  const url = new URL(location, PUBLIC_URL);
  return url.pathname + url.search;
}

describe.skipIf(!enabled)('two instances on one PostgreSQL and one S3 server', () => {
  let s3: TestS3Server;
  let s3Client: S3Client;
  let databaseName: string;
  let database: DatabaseHandle;
  let a: Portal;
  let b: Portal;
  let dataDirs: string[] = [];
  let tokens: { access_token: string; refresh_token: string };
  let accountId: string;

  const objectCount = async () =>
    (await s3Client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).KeyCount ?? 0;
  const receivedCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('received_files')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const api = (instance: Portal, route: string, init: RequestInit = {}) =>
    fetch(`${instance.url}${API_PREFIX}${route}`, {
      ...init,
      headers: { authorization: `Bearer ${tokens.access_token}`, ...init.headers },
    });

  beforeAll(async () => {
    s3 = await startS3Server();
    s3Client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: s3.credentials,
      forcePathStyle: true,
    });
    databaseName = `espace_test_two_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    const env = {
      DATABASE_URL: postgresUrl(databaseName),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      // Long enough for the test to see /readyz answer 503 on a busy machine.
      SHUTDOWN_DELAY_MS: '1000',
    };
    // Both at the same moment, on the empty database, each with its own (ephemeral) data folder.
    dataDirs = await Promise.all(
      [0, 1].map(() => mkdtemp(path.join(tmpdir(), 'espace-instance-'))),
    );
    const start = (dataDir: string) =>
      startPortal({ ...instanceEnv, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    [a, b] = await Promise.all([start(dataDirs[0]!), start(dataDirs[1]!)]);
    database = await openDatabase({ databaseUrl: postgresUrl(databaseName) });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].map((instance) => instance && stopped(instance.child, 'SIGKILL')));
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await database?.close();
    s3Client?.destroy();
    await s3?.close();
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  });

  it('started once: one seed, one key set', async () => {
    const accounts = await database.db.selectFrom('accounts').select('email').execute();
    // Each demo customer once, though both instances started on the empty database at once.
    const seeded = [...DEMO_CUSTOMERS, ...WORK_CUSTOMERS].map((c) => c.email);
    expect(accounts.map((r) => r.email).sort()).toEqual(seeded.sort());
    expect(seeded).toContain(DEMO.camille);
    const [jwksA, jwksB] = await Promise.all(
      [a, b].map((i) => fetch(`${i.url}/oidc/jwks`).then((r) => r.text())),
    );
    expect(jwksA).toBe(jwksB);
  });

  it('signs in through A and B, and the token works on both', async () => {
    const jar = new CookieJar();
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: 'espace-assure-spa',
      redirect_uri: spaRedirectUris(PUBLIC_URL).redirect,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'etat',
    });
    const auth = await fetch(`${a.url}/oidc/auth?${query}`, { redirect: 'manual' });
    jar.store(auth);
    const interaction = redirectPath(auth);
    const login = await fetch(`${b.url}${interaction}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO.camille, password: DEMO.password }),
    });
    expect(login.status).toBe(303);
    jar.store(login);
    const resume = await fetch(`${a.url}${redirectPath(login)}`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    const code = new URL(redirectPath(resume), PUBLIC_URL).searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await fetch(`${b.url}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        code_verifier: verifier,
        client_id: 'espace-assure-spa',
        redirect_uri: spaRedirectUris(PUBLIC_URL).redirect,
      }),
    });
    expect(token.status).toBe(200);
    tokens = (await token.json()) as typeof tokens;
    accountId = subjectOf(tokens.access_token);
    for (const instance of [a, b]) {
      const account = await api(instance, `/account/accounts/${accountId}`);
      expect(account.status).toBe(200);
    }
  });

  it('uploads through A into the object store, lists it on B and downloads through B', async () => {
    const pdf = await samplePdf();
    const before = await objectCount();
    const permisOnB = async () =>
      ((await (await api(b, `/policy/accounts/${accountId}`)).json()) as Policy[])
        .find((p) => p.policyNumber === POLICY)
        ?.documents.find((d) => d.fileType === 'permis');
    const filesBefore = (await permisOnB())?.filesReceived ?? 0;
    const upload = await api(a, `/document/accounts/${accountId}/policy/${POLICY}/uploadfile`, {
      method: 'POST',
      headers: MULTIPART_HEADERS,
      body: multipartBody([{ name: 'fileType', value: 'permis' }, upfile('Permis.pdf', pdf)]),
    });
    expect(upload.status).toBe(201);
    expect(await objectCount()).toBe(before + 1);
    // B sees the file A received…
    // (the licence needs exactly 2 files: it counts one more, and stays owed until the second).
    expect((await permisOnB())?.filesReceived).toBe(filesBefore + 1);
    // …and the object store holds exactly the bytes sent to A.
    const row = await database.db
      .selectFrom('received_files')
      .select(['storage_key', 'sha256'])
      .where('policy_number', '=', POLICY)
      .where('file_type', '=', 'permis')
      .where('original_name', '=', 'Permis.pdf')
      .orderBy('received_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    const stored = await s3Client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: row.storage_key }),
    );
    const storedBytes = Buffer.from(await stored.Body!.transformToByteArray());
    expect(storedBytes.equals(pdf)).toBe(true);
    // A seeded document (put in the object store by whichever instance seeded) through B.
    const doc = await database.db
      .selectFrom('downloadable_documents')
      .select(['id', 'size'])
      .where('policy_number', '=', POLICY)
      .executeTakeFirstOrThrow();
    const download = await api(
      b,
      `/document/accounts/${accountId}/policy/${POLICY}/document/${doc.id}`,
    );
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(doc.size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('counts a rate limit across A and B', async () => {
    const vehicle = `/policy/accounts/${accountId}/${POLICY}/vehicle`;
    const send = (instance: Portal) =>
      api(instance, vehicle, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    for (let i = 0; i < RATE_LIMITS.change.max; i += 1) {
      expect((await send(i % 2 ? b : a)).status).toBe(400);
    }
    expect((await send(a)).status).toBe(429);
    expect((await send(b)).status).toBe(429);
  });

  it('a refresh token revoked on B is refused on A', async () => {
    // Revocation at sign-out is the SPA's and the provider's; here the revocation
    // endpoint itself, on B.
    const revoke = await fetch(`${b.url}/oidc/token/revocation`, {
      method: 'POST',
      body: new URLSearchParams({
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: 'espace-assure-spa',
      }),
    });
    expect(revoke.status).toBe(200);
    const refresh = await fetch(`${a.url}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: 'espace-assure-spa',
      }),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('A killed during an upload: B keeps serving, nothing half-written is left', async () => {
    const objectsBefore = await objectCount();
    const rowsBefore = await receivedCount();
    const pdf = await samplePdf();
    const file = upfile('Gros.pdf', Buffer.concat([pdf, Buffer.alloc(8_000_000, 0x20)]));
    const request = http.request(
      `${a.url}${API_PREFIX}/document/accounts/${accountId}/policy/${POLICY}/uploadfile`,
      {
        method: 'POST',
        headers: { ...MULTIPART_HEADERS, authorization: `Bearer ${tokens.access_token}` },
      },
    );
    const failed = new Promise<void>((resolve) => {
      request.once('error', () => resolve());
      request.once('response', () => resolve());
    });
    request.write(
      multipartBody([{ name: 'fileType', value: 'autre' }]).subarray(
        0,
        -`--${BOUNDARY}--\r\n`.length,
      ),
    );
    request.write(partHead(file));
    // More than one 5 MiB part, so the multipart upload to the object store has begun.
    request.write((file as { content: Buffer }).content.subarray(0, 6_000_000));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    a.child.kill('SIGKILL');
    await failed;

    const ready = await fetch(`${b.url}/readyz`);
    expect(ready.status).toBe(200);
    const list = await api(b, `/document/accounts/${accountId}/policy/${POLICY}`);
    expect(list.status).toBe(200);
    expect(await receivedCount()).toBe(rowsBefore);
    expect(await objectCount()).toBe(objectsBefore);
  });

  it('SIGTERM on B: /readyz answers 503, the upload in flight completes, B exits cleanly', async () => {
    const pdf = await samplePdf();
    const body = multipartBody([{ name: 'fileType', value: 'autre' }, upfile('Lettre.pdf', pdf)]);
    const request = http.request(
      `${b.url}${API_PREFIX}/document/accounts/${accountId}/policy/${POLICY}/uploadfile`,
      {
        method: 'POST',
        headers: { ...MULTIPART_HEADERS, authorization: `Bearer ${tokens.access_token}` },
      },
    );
    const answered = new Promise<number>((resolve, reject) => {
      request.once('error', reject);
      request.once('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
    });
    const exited = new Promise<number | null>((resolve) => b.child.once('exit', resolve));
    request.write(body.subarray(0, 200));
    await new Promise((resolve) => setTimeout(resolve, 200));
    b.child.kill('SIGTERM');
    // B handles the signal when its event loop gets to it (beside the gate, later than 100 ms):
    // from then until it stops accepting (SHUTDOWN_DELAY_MS), /readyz answers 503.
    await vi.waitFor(async () => expect((await fetch(`${b.url}/readyz`)).status).toBe(503), {
      timeout: 5_000,
      interval: 20,
    });
    request.end(body.subarray(200));
    expect(await answered).toBe(201);
    expect(await exited).toBe(0);
  });
});
