// Slow clients (docs/decisions/0053-slow-clients-and-drain.md), over a real socket with the
// default limits: a body sending one byte every two seconds is cut with 408 within one
// BODY_RATE_WINDOW_MS (10 s), not after REQUEST_TIMEOUT_MS (300 s); headers that trickle are cut
// by HEADERS_TIMEOUT_MS (20 s); meanwhile a real slow upload, 10 MB at 1 Mbit/s, succeeds.
import { MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { BOUNDARY, samplePdf } from '../support/documents';
import { apiTest } from '../support/api-test';
import { mandateUpload, postHead, sendSlowly } from '../support/slow-socket';

const POLICY = 'AU2026104512';

describe('slow clients with the default limits', () => {
  const it = apiTest
    .extend(
      'send',
      ({ port }) =>
        (head: string, body: Buffer, bytes: number, everyMs: number) =>
          sendSlowly({ port, head, body, bytes, everyMs }),
    )
    .extend(
      'head',
      ({ camille: { token } }) =>
        (path: string, contentType: string, length: number) =>
          postHead(path, token, contentType, length),
    )
    .override({ appConfig: { http: loadConfig({}).http } });

  it('cuts a body at one byte every 2 s and slow headers within 30 s, while a 10 MB upload at 1 Mbit/s succeeds', async ({
    camille: { accountId },
    send,
    head,
  }) => {
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
