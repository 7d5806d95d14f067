// The compiled server that `npm start` runs (apps/server/dist, built.server.ts), driven over HTTP
// through every dependency it loads on first use or carries in its bundle: the QR code encoder
// (a staff member's first enrolment), amqplib (an event on the machine's RabbitMQ, skipped with
// a message when none answers), nodemailer (a mail to an SMTP server started here), file-type (an upload's
// sniffing), the S3 SDK (the upload stored on an S3 server, a receipt read back from it), pdfkit
// and the skins (every PDF the portal generates), Swagger (both API documents and the viewer),
// the markdown loader (the FAQ loaded into an empty database), the list of communes (an address
// search) and, on PostgreSQL, the pg driver. A module the build cannot load as the code uses it
// fails here (docs/decisions/0089-tests-run-the-build.md), which no in-process test can show.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  UPLOAD_REFUSALS,
  type ClaimAcknowledgement,
  type DownloadedDocument,
  type Policy,
} from '@espace/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brokerAnswers, BROKER_URL, listenToExchange } from '../support/amqp';
import { BACKENDS, type BackendName } from '../support/backends';
import { accidentAnswers, claimCalls, ACTIVE } from '../support/claims';
import { MULTIPART_HEADERS, multipartBody, SAMPLE_JPEG, samplePdf } from '../support/documents';
import { bearer, DEMO, signIn, subjectOf } from '../support/harness';
import { startMailServer } from '../support/mail-server-stand-in';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { seededFolderCopy } from '../support/seeded-folder';
import { browser, followToConsole, locationOf, startStaffSignIn, totpCode } from '../support/staff';
import { terminationBody } from '../support/termination';
import { testConfig } from '../support/test-config';

const TOYOTA = 'AU2023049920'; // camille's, active: the memo, the certificate and the relevé
const ON_ANNIVERSARY = 'AU2024061108'; // camille's, active: a termination and its receipt
const AGENT = 'conseiller@courtage-horizon.test';

const broker = await brokerAnswers();
if (!broker)
  console.info(
    `The compiled server's AMQP check is skipped: no RabbitMQ answers on ${new URL(BROKER_URL).host} (TEST_AMQP_URL).`,
  );

/** The text of a PDF as a reader extracts it. */
async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return text;
}

describe.each(BACKENDS)('the compiled server on %s', (backend: BackendName) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let portal: Portal;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let s3: TestS3Server;
  let queue: Awaited<ReturnType<typeof listenToExchange>> | undefined;
  let token: string;
  let accountId: string;
  const http = () => overHttp(portal.url);
  const get = (url: string) => http().inject({ method: 'GET', url, headers: bearer(token) });
  const documentsOf = (policy: string) => `/api/v1/document/accounts/${accountId}/policy/${policy}`;

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-built-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    [mail, s3, queue] = await Promise.all([
      startMailServer(),
      startS3Server(),
      broker ? listenToExchange() : undefined,
    ]);
    cleanup.push(
      () => new Promise<void>((resolve) => mail.server.close(() => resolve())),
      () => s3.close(),
      async () => queue?.remove(),
    );
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      // The harness's sign-in speaks for a portal at http://localhost:3000 (its redirect URI).
      PUBLIC_URL: 'http://localhost:3000',
      API_DOCS: 'true',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      SMTP_FROM: 'portail@espace-assure.test',
      CUSTOMER_SERVICE_EMAIL: 'service-client@courtage.test',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      OUTBOX_INTERVAL_MS: '200',
      ...(queue ? { AMQP_URL: BROKER_URL, AMQP_EXCHANGE: queue.exchange } : {}),
    };
    if (backend === 'postgres') {
      const name = `built_smoke_${randomBytes(4).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      cleanup.push(() => adminQuery(`drop database if exists ${name} with (force)`));
      env.DATABASE_URL = postgresUrl(name);
    }
    portal = await startPortal(env);
    cleanup.push(() => stopped(portal.child, 'SIGTERM'));
    const config = testConfig({ publicUrl: 'http://localhost:3000' });
    token = (await signIn(http(), config, DEMO.camille)).access_token;
    accountId = subjectOf(token);
  }, 180_000);
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  }, 60_000);

  it('enrols a staff member’s second factor with its QR code and opens the console', async () => {
    const b = browser(http());
    const { interaction } = await startStaffSignIn(b);
    const sent = await b.post(`${interaction}/staff`, { email: AGENT, password: DEMO.password });
    expect(locationOf(sent)).toBe(`${interaction}/staff/enrol`);
    const enrol = await b.get(`${interaction}/staff/enrol`);
    expect(enrol.statusCode).toBe(200);
    expect(enrol.body).toMatch(/<svg[^>]*>[\s\S]*<path/);
    const secret = /data-totp-secret="([A-Z2-7]+)"/.exec(enrol.body)![1]!;
    const done = await b.post(`${interaction}/staff/enrol`, { code: totpCode(secret) });
    expect(done.statusCode).toBe(200);
    const href = /<a class="button-link" href="([^"]+)"/.exec(done.body)![1]!;
    const callback = await followToConsole(b, await b.get(href.replace(/&amp;/g, '&')));
    expect(callback.statusCode).toBe(303);
    const me = await http().inject({
      method: 'GET',
      url: '/backoffice/api/me',
      headers: { cookie: `espace-console=${b.jar.get('espace-console')}` },
    });
    expect(me.json()).toMatchObject({ email: AGENT, role: 'agent' });
  });

  it.runIf(broker)('publishes a customer’s request on the message broker', async () => {
    const response = await http().inject({
      method: 'POST',
      url: `/api/v1/account/accounts/${accountId}/mail/phone-contact`,
      headers: bearer(token),
      payload: { phone: '06 12 34 56 78' },
    });
    expect(response.statusCode).toBe(200);
    const { reference } = response.json() as { reference: string };
    await vi.waitFor(() => expect(queue!.about(reference)).toHaveLength(1), {
      timeout: 15_000,
    });
    const [message] = queue!.about(reference);
    expect(message!.fields).toMatchObject({
      exchange: queue!.exchange,
      routingKey: 'request.created',
    });
    expect(message!.properties).toMatchObject({
      messageId: expect.stringMatching(/^evt_/),
      type: 'request.created',
      contentType: 'application/json',
      contentEncoding: 'utf-8',
      deliveryMode: 2,
      appId: 'espace-assure',
    });
  });

  it('sniffs an upload, stores it on S3, reads a stored receipt back and mails it', async () => {
    const sample = await samplePdf();
    const upload = await http().inject({
      method: 'POST',
      url: `${documentsOf(ACTIVE)}/uploadfile`,
      headers: { ...bearer(token), ...MULTIPART_HEADERS },
      payload: multipartBody([
        { name: 'fileType', value: 'mandat_sepa' },
        {
          name: 'upfile',
          fileName: 'mandat.pdf',
          contentType: 'application/pdf',
          content: sample,
        },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    // A JPEG named .pdf: refused by its content, which file-type reads.
    const disguised = await http().inject({
      method: 'POST',
      url: `${documentsOf(ACTIVE)}/uploadfile`,
      headers: { ...bearer(token), ...MULTIPART_HEADERS },
      payload: multipartBody([
        { name: 'fileType', value: 'autre' },
        { name: 'upfile', fileName: 'x.pdf', contentType: 'application/pdf', content: SAMPLE_JPEG },
      ]),
    });
    expect(disguised.statusCode).toBe(400);
    expect((disguised.json() as { error: { message: string } }).error.message).toBe(
      UPLOAD_REFUSALS.contentMismatch,
    );

    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: s3.credentials,
      forcePathStyle: true,
    });
    /** The bytes of every object of the bucket. */
    const objects = async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      return Promise.all(
        (listed.Contents ?? []).map(async ({ Key }) => {
          const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
          return Buffer.from(await object.Body!.transformToByteArray());
        }),
      );
    };
    const before = await objects();
    expect(before.some((bytes) => bytes.equals(sample))).toBe(true);

    const terminated = await http().inject({
      method: 'POST',
      url: `/api/v1/policy/accounts/${accountId}/${ON_ANNIVERSARY}/terminate`,
      headers: bearer(token),
      payload: terminationBody(),
    });
    expect(terminated.statusCode, terminated.body).toBe(201);
    const ack = terminated.json() as { receiptDocumentId: string; reference: string };
    const receipt = await get(`${documentsOf(ON_ANNIVERSARY)}/document/${ack.receiptDocumentId}`);
    expect(receipt.statusCode).toBe(200);
    expect(await pdfText(receipt.rawPayload)).toContain(ack.reference);
    const after = await objects();
    expect(after).toHaveLength(before.length + 1);
    expect(after.some((bytes) => bytes.equals(receipt.rawPayload))).toBe(true);
    client.destroy();
    // The receipt goes to customer service through the SMTP server, attached.
    await vi.waitFor(
      () => expect(mail.received.some((m) => m.data.includes(ack.reference))).toBe(true),
      { timeout: 15_000 },
    );
  });

  it('generates every PDF: memo, certificate, relevé and a claim’s receipt', async () => {
    const policies = (await get(`/api/v1/policy/accounts/${accountId}`)).json() as Policy[];
    const toyota = policies.find((p) => p.policyNumber === TOYOTA)!;
    const listed = (await get(documentsOf(TOYOTA))).json() as DownloadedDocument[];
    for (const name of ['Mémo Véhicule Assuré', 'Attestation', 'Relevé']) {
      const doc = listed.find((d) => d.fileName.startsWith(name));
      expect(doc, name).toBeDefined();
      const pdf = await get(`${documentsOf(TOYOTA)}/document/${doc!.id}`);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await pdfText(pdf.rawPayload), name).toContain(toyota.policyNumber);
    }

    const calls = claimCalls(http(), accountId, token);
    const draft = (await calls.create(ACTIVE)).json() as { id: string };
    const driverId = policies.find((p) => p.policyNumber === ACTIVE)!.drivers[0]!.id;
    for (const [step, body] of accidentAnswers(driverId))
      expect((await calls.save(draft.id, step, body)).statusCode, step).toBe(200);
    await calls.upload(draft.id, 'constat', 'constat.pdf', await samplePdf(), 'application/pdf');
    const submitted = await calls.submit(draft.id);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const ack = submitted.json() as ClaimAcknowledgement;
    const receipt = await get(`${documentsOf(ACTIVE)}/document/${ack.receiptDocumentId}`);
    expect(await pdfText(receipt.rawPayload)).toContain(ack.reference);
  });

  it('serves both API documents and the viewer', async () => {
    for (const url of ['/api/docs/json', '/backoffice/docs/json']) {
      const doc = await http().inject({ method: 'GET', url });
      expect(doc.statusCode, url).toBe(200);
      expect(Object.keys((doc.json() as { paths: object }).paths).length, url).toBeGreaterThan(5);
    }
    const viewer = await http().inject({ method: 'GET', url: '/api/docs/' });
    expect(viewer.statusCode).toBe(200);
    const script = /src="\.?\/?([^"]+\.js)"/.exec(viewer.body)?.[1];
    expect(script).toBeDefined();
    const asset = await http().inject({ method: 'GET', url: `/api/docs/${script}` });
    expect(asset.statusCode).toBe(200);
  });

  it('loads the FAQ from its markdown and searches the communes', async () => {
    const faq = await get('/api/v1/content/faq?q=attestation');
    expect(faq.statusCode).toBe(200);
    const { entries } = faq.json() as { entries: { answerHtml: string }[] };
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]!.answerHtml).toMatch(/<p>/);
    const places = await get(`/api/v1/address/search?${new URLSearchParams({ q: 'Lyon' })}`);
    expect(places.statusCode).toBe(200);
    expect(JSON.stringify(places.json())).toContain('Lyon');
  });
});

describe('the compiled server with PGlite in its process (PGLITE_IN_PROCESS)', () => {
  it('opens the database through the in-process dialect and answers a customer', async () => {
    // On a copy of the run's seeded folder: the leg above is the first start, migrations and all.
    const { dataDir, env } = await seededFolderCopy('espace-built-inprocess-');
    const portal = await startPortal({
      ...env,
      PUBLIC_URL: 'http://localhost:3000',
      PGLITE_IN_PROCESS: 'true',
    });
    try {
      const http = overHttp(portal.url);
      const config = testConfig({ publicUrl: 'http://localhost:3000' });
      const token = (await signIn(http, config, DEMO.lea)).access_token;
      const policies = await http.inject({
        method: 'GET',
        url: `/api/v1/policy/accounts/${subjectOf(token)}`,
        headers: bearer(token),
      });
      expect(policies.statusCode).toBe(200);
      expect((policies.json() as Policy[]).length).toBeGreaterThan(0);
    } finally {
      await stopped(portal.child, 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
