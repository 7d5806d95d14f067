// The sign-in throttle slows a guesser without locking the customer out. Parallel
// guesses are claimed one after the other in the database (only the free ones are checked); a
// customer's right password from their known device (the signed cookie of an earlier sign-in)
// is accepted while their email is under attack, even from the same address.
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { DEVICE_COOKIE } from '../../../src/oidc/provider/device-cookie';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { BACKENDS } from '../../support/backends';
import { DEMO, startLogin } from '../../support/harness';

const ATTACKER = '203.0.113.7';
const OWNER_HOME = '198.51.100.2';
// Another address for the second test: the login route's own rate limit counts per address.
const OTHER_ATTACKER = '203.0.113.8';

describe.each(BACKENDS)('sign-in throttle on %s', (backend) => {
  const it = apiTest
    .extend(
      'attempt',
      ({ t }) =>
        async (
          email: string,
          password: string,
          {
            address,
            device,
            login,
          }: { address: string; device?: string; login?: Awaited<ReturnType<typeof startLogin>> },
        ) => {
          const { jar, interaction } = login ?? (await startLogin(t.app, t.config));
          const cookie = [jar.header(), device ? `${DEVICE_COOKIE}=${device}` : ''].filter(Boolean);
          return t.app.inject({
            method: 'POST',
            url: `${interaction}/login`,
            remoteAddress: address,
            headers: {
              cookie: cookie.join('; '),
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload: new URLSearchParams({ email, password }).toString(),
          });
        },
    )
    .override({ backend });

  it('checks only the free guesses of 25 sent at once', async ({ t, attempt }) => {
    const login = await startLogin(t.app, t.config);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        attempt(DEMO.lea, `Faux-${i}-2026!`, { address: ATTACKER, login }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.signInAccount.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - RATE_LIMITS.signInAccount.max);
    // The attacker's own door stays shut, the right password included.
    expect((await attempt(DEMO.lea, DEMO.password, { address: ATTACKER })).statusCode).toBe(429);
  });

  it('lets the customer in from their known device while their email is under attack', async ({
    attempt,
  }) => {
    const first = await attempt(DEMO.jean, DEMO.password, { address: OWNER_HOME });
    expect(first.statusCode).toBe(303);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/interaction' });

    for (let i = 0; i < 12; i++)
      await attempt(DEMO.jean, `Faux-${i}-2026!`, { address: OTHER_ATTACKER });
    // Without the device, even from home, the email waits; with it, the customer signs in,
    // from home and from the attacker's own address (a shared network).
    expect((await attempt(DEMO.jean, DEMO.password, { address: OWNER_HOME })).statusCode).toBe(429);
    for (const address of [OWNER_HOME, OTHER_ATTACKER]) {
      const owner = await attempt(DEMO.jean, DEMO.password, { address, device: device!.value });
      expect(owner.statusCode).toBe(303);
    }
    // A forged or another email's cookie is no device of this customer.
    const forged = `${device!.value.slice(0, -2)}xx`;
    expect(
      (await attempt(DEMO.jean, DEMO.password, { address: OWNER_HOME, device: forged })).statusCode,
    ).toBe(429);
  });
});
