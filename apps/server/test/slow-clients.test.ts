// Slow clients (docs/decisions/0053-slow-clients-and-drain.md), over a real socket with the
// default limits: a body sending one byte every two seconds is cut with 408 within one
// BODY_RATE_WINDOW_MS (10 s), not after REQUEST_TIMEOUT_MS (300 s); headers that trickle are cut
// by HEADERS_TIMEOUT_MS (20 s); meanwhile a real slow upload, 10 MB at 1 Mbit/s, succeeds.
import { connect, type AddressInfo } from 'node:net';
import { MESSAGES } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { BOUNDARY, partHead, samplePdf } from './documents-support';
import { createTestApp, DEMO, signIn, subjectOf, type TestApp } from './harness';

const POLICY = 'AU2026104512';

describe('slow clients with the default limits', () => {
  let t: TestApp;
  let port: number;
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { http: loadConfig({}).http });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    token = (await signIn(t.app, t.config, DEMO.camille)).access_token;
    accountId = subjectOf(token);
  });
  afterAll(() => t.close());

  /** Sends `head` then `body`, `bytes` every `everyMs`; resolves what came back and when. */
  function send(head: string, body: Buffer, bytes: number, everyMs: number) {
    return new Promise<{ answer: string; elapsedMs: number }>((resolve) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let waiting = false;
      const timer = setInterval(() => {
        if (waiting || sent >= body.length || !socket.writable) return;
        const ok = socket.write(body.subarray(sent, (sent += bytes)));
        if (!ok) {
          waiting = true;
          socket.once('drain', () => (waiting = false));
        }
      }, everyMs);
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
        if (/\r\n\r\n/.test(answer) && /content-length: (\d+)/i.test(answer)) {
          const length = Number(/content-length: (\d+)/i.exec(answer)![1]);
          if (answer.split('\r\n\r\n')[1]!.length >= length) socket.end();
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, elapsedMs: Date.now() - started });
      });
      socket.on('connect', () => socket.write(head));
    });
  }

  const head = (path: string, contentType: string, length: number) =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;

  it('cuts a body at one byte every 2 s and slow headers within 30 s, while a 10 MB upload at 1 Mbit/s succeeds', async () => {
    const json = Buffer.from(JSON.stringify({ text: 'Bonjour '.repeat(20) }));
    const trickle = send(
      head(
        `/api/v1/account/accounts/${accountId}/mail/mail-contact`,
        'application/json',
        json.length,
      ),
      json,
      1,
      2_000,
    );
    const slowHeaders = send(
      '',
      Buffer.from(head('/api/v1/account', 'application/json', 2)),
      1,
      2_000,
    );

    const pdf = Buffer.concat([await samplePdf(), Buffer.alloc(9_900_000, 0x20)]);
    const upload = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nmandat_sepa\r\n`,
      ),
      partHead({
        name: 'upfile',
        fileName: 'lent.pdf',
        contentType: 'application/pdf',
        content: pdf,
      }),
      pdf,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const path = `/api/v1/document/accounts/${accountId}/policy/${POLICY}/uploadfile`;
    // 1 Mbit/s: 12 500 bytes every 100 ms.
    const slowUpload = send(
      head(path, `multipart/form-data; boundary=${BOUNDARY}`, upload.length),
      upload,
      12_500,
      100,
    );

    const cut = await trickle;
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.answer).toContain(MESSAGES.api.requestTimeout);
    expect(cut.elapsedMs).toBeLessThan(30_000);
    const headers = await slowHeaders;
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(headers.elapsedMs).toBeLessThan(30_000);
    const uploaded = await slowUpload;
    expect(uploaded.answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(uploaded.elapsedMs).toBeGreaterThan(60_000);
  }, 150_000);
});
