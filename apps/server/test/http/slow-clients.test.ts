// Slow clients (docs/decisions/0053-slow-clients-and-drain.md), over a real socket with the
// default limits: a body sending one byte every two seconds is cut with 408 within one
// BODY_RATE_WINDOW_MS (10 s), not after REQUEST_TIMEOUT_MS (300 s); headers that trickle are cut
// by HEADERS_TIMEOUT_MS (20 s); meanwhile a real slow upload, 10 MB at 1 Mbit/s, succeeds.
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { BOUNDARY, samplePdf } from '../support/documents';
import { createTestApp, DEMO, signIn, subjectOf, type TestApp } from '../support/harness';
import { mandateUpload, postHead, sendSlowly } from '../support/slow-socket';

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

  const send = (head: string, body: Buffer, bytes: number, everyMs: number) =>
    sendSlowly({ port, head, body, bytes, everyMs });
  const head = (path: string, contentType: string, length: number) =>
    postHead(path, token, contentType, length);

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
    const upload = mandateUpload(pdf);
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
