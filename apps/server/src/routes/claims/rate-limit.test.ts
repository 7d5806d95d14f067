// The claim writes are rate-limited per account and route (RATE_LIMITS.claim, params.ts
// claimWriteConfig): past the tier, a draft opened, a step saved, a file sent or the sending gets
// 429 with the French body, even when the requests were refused; the reads and the progress
// saved as the customer types are not counted, and another account keeps its own count.
import { MESSAGES } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../platform/rate-limits/tiers';
import {
  bearer,
  createTestApp,
  DEMO,
  signIn,
  subjectOf,
  type TestApp,
} from '../../../test/support/harness';

describe('claim writes rate limit', () => {
  let t: TestApp;
  let token: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = (await signIn(t.app, t.config, DEMO.camille)).access_token;
    base = `/api/v1/claim/accounts/${subjectOf(token)}/drafts`;
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'GET', url: string, as = token) =>
    t.app.inject({
      method,
      url,
      headers: bearer(as),
      ...(method === 'GET' ? {} : { payload: {} }),
    });

  it.each([
    ['a draft opened', 'POST', ''],
    ['a step saved', 'PUT', '/unknown-draft/steps/kind'],
    ['a file sent', 'POST', '/unknown-draft/files/photo'],
    ['the sending', 'POST', '/unknown-draft/submit'],
  ] as const)('answers 429 past the tier: %s', async (_name, method, path) => {
    for (let i = 0; i < RATE_LIMITS.claim.max; i += 1)
      expect((await send(method, `${base}${path}`)).statusCode).not.toBe(429);
    const limited = await send(method, `${base}${path}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: MESSAGES.api.rateLimited },
    });
  });

  it('counts neither the reads nor the progress, and each account apart', async () => {
    expect((await send('GET', base)).statusCode).toBe(200);
    const progress = await send('PUT', `${base}/unknown-draft/progress`);
    expect(progress.statusCode).not.toBe(429);
    const lea = (await signIn(t.app, t.config, DEMO.lea)).access_token;
    const leas = `/api/v1/claim/accounts/${subjectOf(lea)}/drafts`;
    expect((await send('POST', leas, lea)).statusCode).toBe(400);
  });
});
