// docs/decisions/0012-security-baseline.md: uploads are rate-limited per account; past the limit the request
// is refused with 429 and the French message, and nothing is stored.
import { MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import {
  MULTIPART_HEADERS,
  multipartBody,
  receivedRowCount,
  samplePdf,
  storedFileCount,
  upfile,
} from '../../support/documents';
import { bearer } from '../../support/harness';

describe('upload rate limit', () => {
  const it = apiTest;

  it('answers 429 past the limit and keeps nothing', async ({
    t,
    camille: { accountId, token },
  }) => {
    // Refused uploads (an unknown fileType) count too, and store nothing.
    const refused = multipartBody([
      { name: 'fileType', value: 'inconnu' },
      upfile('a.pdf', await samplePdf()),
    ]);
    const url = `/api/v1/document/accounts/${accountId}/policy/AU2026104512/uploadfile`;
    // The files the demo's customers sent already (seed/demo-work.ts).
    const received = await receivedRowCount(t.app);
    const stored = await storedFileCount(t.config.documentsDir);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), ...MULTIPART_HEADERS },
        payload: refused,
      });
    for (let i = 0; i < RATE_LIMITS.upload.max; i += 1) expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: MESSAGES.api.rateLimited },
    });
    expect(await receivedRowCount(t.app)).toBe(received);
    expect(await storedFileCount(t.config.documentsDir)).toBe(
      // the seeded files only
      stored,
    );
    // Reading is not limited by uploads.
    const list = await t.app.inject({
      url: `/api/v1/document/accounts/${accountId}/policy/AU2026104512`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
  });
});
