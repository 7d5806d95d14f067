// docs/decisions/0012-security-baseline.md: the change routes are rate-limited per account; the 21st request
// within the window gets 429 with the French message, and other routes keep their own count.
import { MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { RATE_LIMITS } from '../../../../src/platform/rate-limits/tiers';
import { BACKENDS } from '../../../support/backends';
import { changesContext, POLICIES } from '../../../support/changes';

describe.each(BACKENDS)('change routes rate limit on %s', (backend) => {
  const it = apiTest
    .extend('ctx', ({ t, camille }) => changesContext(t, camille))
    .override({ backend });

  it('answers 429 past the limit and records nothing', async ({ ctx }) => {
    for (let i = 0; i < RATE_LIMITS.change.max; i += 1) {
      expect((await ctx.send('PUT', `${POLICIES.active}/vehicle`, {})).statusCode).toBe(400);
    }
    const limited = await ctx.send('PUT', `${POLICIES.active}/vehicle`, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: MESSAGES.api.rateLimited },
    });
    // The IBAN check counts apart.
    const iban = await ctx.send('POST', 'iban/DE89370400440532013000');
    expect(iban.statusCode).toBe(204);
    expect(await ctx.requests()).toEqual([]);
  });
});
