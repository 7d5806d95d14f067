// Slow or hostile clients cannot hold the server. A real listening server with short
// time-outs (set for the test): a JSON body and an upload that trickle are cut with 408 in
// bounded time, and the upload leaves neither file nor row; past the connection cap a new
// socket is closed; a 1 MB body to an unknown address is refused without being parsed.
import { connect, type Socket } from 'node:net';
import { MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { BOUNDARY, samplePdf, storedFileCount } from '../support/documents';
import { mandateUpload, postHead, sendSlowly } from '../support/slow-socket';

const LIMITS = {
  requestTimeoutMs: 1_500,
  headersTimeoutMs: 1_000,
  keepAliveTimeoutMs: 1_000,
  idleTimeoutMs: 10_000,
  maxConnections: 4,
  minBodyRate: 0,
  bodyRateWindowMs: 10_000,
};
const POLICY = 'AU2026104512';

describe.each(BACKENDS)('HTTP limits on %s', (backend) => {
  const it = apiTest
    .extend(
      'trickle',
      ({ port }) =>
        /** Sends `head`, then one byte of `body` every 100 ms; resolves what came back. */
        (head: string, body: Buffer) =>
          sendSlowly({ port, head, body, bytes: 1, everyMs: 100, timeoutMs: 10_000 }),
    )
    .extend(
      'requestHead',
      ({ camille: { token } }) =>
        (path: string, contentType: string, length: number) =>
          postHead(path, token, contentType, length),
    )
    .override({ backend, appConfig: { http: LIMITS } });

  it('cuts a JSON body that trickles with 408 in bounded time', async ({
    camille: { accountId },
    trickle,
    requestHead,
  }) => {
    const body = Buffer.from(JSON.stringify({ text: 'Bonjour '.repeat(20) }));
    const path = `/api/v1/account/accounts/${accountId}/mail/mail-contact`;
    const { answer, elapsedMs } = await trickle(
      requestHead(path, 'application/json', body.length),
      body,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(MESSAGES.api.requestTimeout);
    expect(elapsedMs).toBeLessThan(LIMITS.requestTimeoutMs + 1_500);
  });

  it('cuts an upload that trickles with 408 and keeps neither file nor row', async ({
    t,
    camille: { accountId },
    trickle,
    requestHead,
  }) => {
    const body = mandateUpload(await samplePdf());
    const filesBefore = await storedFileCount(t.config.documentsDir);
    const rowsBefore = await t.database.handle.db
      .selectFrom('received_files')
      .select('id')
      .execute();
    const path = `/api/v1/document/accounts/${accountId}/policy/${POLICY}/uploadfile`;
    const head = requestHead(path, `multipart/form-data; boundary=${BOUNDARY}`, body.length);
    // The first 300 bytes at once (field and file headers), then a trickle of the file.
    const { answer, elapsedMs } = await trickle(
      head + body.subarray(0, 300).toString('latin1'),
      body.subarray(300),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsedMs).toBeLessThan(LIMITS.requestTimeoutMs + 1_500);
    await expect.poll(() => storedFileCount(t.config.documentsDir)).toBe(filesBefore);
    const rowsAfter = await t.database.handle.db
      .selectFrom('received_files')
      .select('id')
      .execute();
    expect(rowsAfter).toEqual(rowsBefore);
  });

  it('closes connections past the cap', async ({ port }) => {
    const open = (): Promise<Socket> =>
      new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket));
        socket.on('error', () => undefined);
      });
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, open));
    const extra = await open();
    const closed = await new Promise<boolean>((resolve) => {
      extra.on('close', () => resolve(true));
      extra.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      setTimeout(() => resolve(false), 2_000).unref();
    });
    expect(closed).toBe(true);
    for (const socket of [...held, extra]) socket.destroy();
  });

  it('refuses a 1 MB body to an unknown address without parsing it', async ({ t }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nulle-part',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(1_048_576)}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: MESSAGES.api.routeNotFound },
    });
    // Before authentication, a body is bounded small: 64 KiB.
    const big = await t.app.inject({
      method: 'POST',
      url: '/interaction/x/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(100_000)}"}`,
    });
    expect(big.statusCode).toBeGreaterThanOrEqual(400);
    expect(big.statusCode).toBeLessThan(500);
  });
});
