// An oversized body gets its 413 and its French body, read by a client that writes its whole
// body before reading the answer, as ordinary HTTP clients do, on every endpoint with a body
// limit: the integration API's JSON (256 KB), the customer API's JSON (1 MB) and its
// termination (36 MB of base64 files), the uploads (one file over 10 MB, multipart or a PDF
// body). The server answers as soon as it knows, then reads and discards the rest
// (http/unread-body.ts): closing with the body unread made the kernel reset the connection,
// and the client lost the answer about one time in three. Run several times per endpoint, on the
// compiled server that `npm start` runs. A refusal made while a file still arrives is read the
// same way.
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  FILE_CHECK_MESSAGES,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  TERMINATION_BODY_LIMIT,
  UPLOAD_REFUSALS,
} from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BO, requestToken } from '../support/integration';
import { toolCommand } from '../support/built-server';
import { ACTIVE } from '../support/claims';
import { BOUNDARY, partHead, samplePdf } from '../support/documents';
import { bearer, DEMO, signIn, subjectOf } from '../support/harness';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { seededFolderCopy } from '../support/seeded-folder';
import { testConfig } from '../support/test-config';

const TRIES = 4;
/** The client writes 64 KB a millisecond, a network’s pace: the server answers mid-body. */
const CHUNK = 65_536;

interface Answer {
  status: number;
  body: string;
}

/**
 * Sends `head` and the whole of `body`, honouring back-pressure, and only then reads the answer:
 * a reset before the answer is read fails, as it fails for such a client.
 */
function writeThenRead(port: number, head: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 60 s'));
    }, 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    socket.once('error', fail);
    socket.pause();
    const chunks: Buffer[] = [Buffer.from(head)];
    for (let at = 0; at < body.length; at += CHUNK) chunks.push(body.subarray(at, at + CHUNK));
    const next = () => {
      const chunk = chunks.shift();
      if (chunk)
        return void socket.write(chunk, (error) => (error ? fail(error) : setTimeout(next, 1)));
      let answer = Buffer.alloc(0);
      socket.on('data', (data: Buffer) => {
        answer = Buffer.concat([answer, data]);
        const text = answer.toString('utf8');
        const end = text.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(text)?.[1];
        if (end < 0 || !length || answer.length < end + 4 + Number(length)) return;
        clearTimeout(timer);
        socket.destroy();
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
          body: text.slice(end + 4),
        });
      });
      socket.resume();
    };
    socket.once('connect', next);
  });
}

const headOf = (method: string, url: string, token: string, type: string, length: number) =>
  `${method} ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
  `Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

/** A JSON body of exactly `size` bytes. */
const jsonOf = (size: number) => {
  const body = Buffer.alloc(size, 0x61);
  body.write('{"text":"', 0);
  body.write('"}', size - 2);
  return body;
};

/** A multipart body with one file of `size` bytes (a PDF's start) after `fields`. */
async function multipartOf(fields: Record<string, string>, name: string, size: number) {
  const pdf = await samplePdf();
  return Buffer.concat([
    ...Object.entries(fields).map(([field, value]) =>
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
      ),
    ),
    partHead({ name, fileName: 'gros.pdf', contentType: 'application/pdf', content: pdf }),
    pdf,
    Buffer.alloc(size - pdf.length, 0x20),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

describe('an oversized body on the compiled server', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let portal: Portal;
  let port: number;
  let customer: string;
  let accountId: string;
  let broker: string;
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  beforeAll(async () => {
    const copy = await seededFolderCopy('espace-oversized-');
    cleanup.push(() => rm(copy.dataDir, { recursive: true, force: true }));
    const env = { ...copy.env, PUBLIC_URL: 'http://localhost:3000' };
    // On the demo data, an integration client made with the compiled tool (PGlite opens its
    // folder in one process at a time), then the server.
    const created = await promisify(execFile)(
      process.execPath,
      [...toolCommand('client'), 'create', 'Courtier', '--scopes', 'backoffice:write'],
      { env: { ...process.env, ...env, INIT_CWD: process.cwd(), LOG_LEVEL: 'silent' } },
    );
    const clientId = /client_id:\s+(\S+)/.exec(created.stdout)![1]!;
    const secret = /client_secret:\s+(\S+)/.exec(created.stdout)![1]!;
    portal = await startPortal(env);
    cleanup.push(() => stopped(portal.child, 'SIGKILL'));
    port = Number(new URL(portal.url).port);
    const http = overHttp(portal.url);
    customer = (
      await signIn(http, testConfig({ publicUrl: 'http://localhost:3000' }), DEMO.camille)
    ).access_token;
    accountId = subjectOf(customer);
    const token = await requestToken(http, clientId, secret, { scope: 'backoffice:write' });
    broker = token.json<{ access_token: string }>().access_token;
  }, 180_000);

  /** Sends the request TRIES times; every answer must be the 413 with `message`. */
  async function expectRefused(
    method: string,
    url: string,
    token: string,
    type: string,
    body: Buffer,
    message: string = MESSAGES.api.tooLarge,
  ) {
    for (let i = 0; i < TRIES; i++) {
      const answer = await writeThenRead(port, headOf(method, url, token, type, body.length), body);
      expect(answer.status, `try ${i + 1}: ${answer.body}`).toBe(413);
      expect(JSON.parse(answer.body), answer.body).toEqual({
        error: { code: 'payload_too_large', message },
      });
    }
    // The connection's end did not take the server with it: the next call is answered.
    const after = await overHttp(portal.url).inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
  }

  it('answers 413 to a 300 KB record of the integration API', async () => {
    await expectRefused(
      'PUT',
      `${BO}/customers/C-413`,
      broker,
      'application/json',
      jsonOf(300_000),
    );
  });

  it('answers 413 to a 2 MB message to customer service', async () => {
    const url = `/api/v1/account/accounts/${accountId}/mail/mail-contact`;
    await expectRefused('POST', url, customer, 'application/json', jsonOf(2_000_000));
  });

  it('answers 413 to a termination over its 36 MB', async () => {
    const url = `/api/v1/policy/accounts/${accountId}/${ACTIVE}/terminate`;
    await expectRefused(
      'POST',
      url,
      customer,
      'application/json',
      jsonOf(TERMINATION_BODY_LIMIT + 100_000),
    );
  }, 120_000);

  it('answers 413 to an upload of a file over 10 MB', async () => {
    const url = `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/uploadfile`;
    const body = await multipartOf({ fileType: 'autre' }, 'upfile', MAX_UPLOAD_BYTES + 2_000_000);
    await expectRefused(
      'POST',
      url,
      customer,
      `multipart/form-data; boundary=${BOUNDARY}`,
      body,
      FILE_CHECK_MESSAGES.tooLarge,
    );
  }, 120_000);

  it('answers a refusal made mid-upload (a document type the contract does not ask for) the same way', async () => {
    const url = `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/uploadfile`;
    const body = await multipartOf({ fileType: 'inconnu' }, 'upfile', 8_000_000);
    const head = headOf(
      'POST',
      url,
      customer,
      `multipart/form-data; boundary=${BOUNDARY}`,
      body.length,
    );
    for (let i = 0; i < TRIES; i++) {
      const answer = await writeThenRead(port, head, body);
      expect(answer.status, `try ${i + 1}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { message: UPLOAD_REFUSALS.unknownFileType },
      });
    }
  }, 120_000);

  it('answers 413 to a claim’s photo over 10 MB', async () => {
    const draft = await overHttp(portal.url).inject({
      method: 'POST',
      url: `/api/v1/claim/accounts/${accountId}/drafts`,
      headers: bearer(customer),
      payload: { policyNumber: ACTIVE },
    });
    const { id } = draft.json() as { id: string };
    const url = `/api/v1/claim/accounts/${accountId}/drafts/${id}/files/photo`;
    const body = await multipartOf({}, 'file', MAX_UPLOAD_BYTES + 2_000_000);
    await expectRefused(
      'POST',
      url,
      customer,
      `multipart/form-data; boundary=${BOUNDARY}`,
      body,
      FILE_CHECK_MESSAGES.tooLarge,
    );
  }, 120_000);

  it('answers 413 to a contract document of the integration API over 10 MB', async () => {
    const url = `${BO}/contracts/AU2026104512/documents/gros?fileName=gros.pdf`;
    const body = Buffer.concat([await samplePdf(), Buffer.alloc(MAX_UPLOAD_BYTES + 2_000_000)]);
    await expectRefused('PUT', url, broker, 'application/pdf', body, FILE_CHECK_MESSAGES.tooLarge);
  }, 120_000);
});
