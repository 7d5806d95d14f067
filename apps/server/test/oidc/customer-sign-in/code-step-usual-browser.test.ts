// The customer's code step keeps the usual browser's way in
// (docs/decisions/0141-every-sign-in-mails-its-new-device.md): whoever knows a customer's
// password can pass the password step from any browser and then guess codes; past the limit
// every new browser is refused at the code step, even with the right code, but the browser the
// owner signed in from before (its known-device cookie) counts its codes apart and signs in
// with her code, as the staff's usual browser does.
import { SECOND_FACTOR_MESSAGES, type RecoveryCodes } from '@espace/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { DEVICE_COOKIE } from '../../../src/oidc/provider/device-cookie';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { stepUp } from '../../support/account-security';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  bearer,
  CookieJar,
  DEMO,
  signIn,
  startLogin,
  submitLogin,
  subjectOf,
} from '../../support/harness';
import { totpCode } from '../../support/staff';

const STEP = 30_000;

const locationOf = (response: LightMyRequestResponse) => {
  const value = response.headers.location;
  if (typeof value !== 'string')
    throw new Error(`Expected a redirect, got ${response.statusCode}: ${response.body}`);
  return new URL(value, 'http://localhost:3000');
};

describe.each(BACKENDS)('the customer’s code step under attack on %s', (backend) => {
  const it = apiTest
    /** The password step in `jar` (a new browser unless given): the interaction reached. */
    .extend('password', ({ t }) => async (jar = new CookieJar()) => {
      const login = await startLogin(t.app, t.config);
      for (const name of [DEVICE_COOKIE]) {
        const kept = jar.get(name);
        if (kept) login.jar.set(name, kept);
      }
      const answer = await submitLogin(
        t.app,
        login.interaction,
        login.jar,
        DEMO.jean,
        DEMO.password,
      );
      login.jar.store(answer);
      expect(locationOf(answer).pathname).toBe(`${login.interaction}/code`);
      return { jar: login.jar, interaction: login.interaction };
    })
    .extend(
      'sendCode',
      ({ t }) =>
        async (step: { jar: CookieJar; interaction: string }, code: string) => {
          const answer = await t.app.inject({
            method: 'POST',
            url: `${step.interaction}/code`,
            headers: {
              cookie: step.jar.header(),
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload: new URLSearchParams({ code }).toString(),
          });
          step.jar.store(answer);
          return answer;
        },
    )
    .override({ backend });

  it('locks the stranger’s browsers, not the owner’s usual one', async ({
    t,
    password,
    sendCode,
  }) => {
    // Jean turns his second factor on (his password as the fresh proof).
    const tokens = await signIn(t.app, t.config, DEMO.jean);
    const headers = bearer(tokens.access_token);
    const accountId = subjectOf(tokens.access_token);
    const base = `/api/v1/authentication/accounts/${accountId}/second-factor`;
    expect((await stepUp(t, accountId, headers)).statusCode).toBe(204);
    const enrolment = await t.app.inject({ method: 'POST', url: `${base}/enrolment`, headers });
    const { secret } = enrolment.json<{ secret: string }>();
    const on = await t.app.inject({
      method: 'PUT',
      url: base,
      headers,
      payload: { code: totpCode(secret) },
    });
    expect(on.statusCode).toBe(200);
    const { recoveryCodes } = on.json<RecoveryCodes>();

    // His usual browser: both factors proven there once, its device cookie kept.
    const usual = await password();
    const signedIn = await sendCode(usual, totpCode(secret, Date.now() + STEP));
    expect(signedIn.statusCode).toBe(303);
    expect(usual.jar.get(DEVICE_COOKIE)).toMatch(/.+/);

    // A stranger who knows the password guesses codes from a new browser until refused.
    const stranger = await password();
    for (let i = 0; i < RATE_LIMITS.signInAccount.max; i++)
      expect((await sendCode(stranger, `00000${i}`)).statusCode).toBe(401);
    const locked = await sendCode(stranger, recoveryCodes[0]!);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain(SECOND_FACTOR_MESSAGES.tooManyCodes);
    // Every other new browser is refused too, even the owner's right code from one.
    const elsewhere = await password();
    expect((await sendCode(elsewhere, recoveryCodes[0]!)).statusCode).toBe(429);

    // The usual browser signs in with his code, its own count untouched.
    const back = await password(usual.jar);
    const accepted = await sendCode(back, recoveryCodes[0]!);
    expect(accepted.statusCode).toBe(303);
    const resumed = await t.app.inject({
      method: 'GET',
      url: locationOf(accepted).pathname,
      headers: { cookie: back.jar.header() },
    });
    expect(locationOf(resumed).searchParams.get('code')).toMatch(/.+/);
  });
});
