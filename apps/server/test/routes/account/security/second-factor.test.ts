// A customer's second factor for password sign-ins ('Mon compte' › « Sécurité »,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md), through the real
// embedded provider: turned on with a code of the secret shown (a wrong one refused in French),
// the recovery codes shown once, mailed; then a password sign-in goes to the code step, where
// a wrong code is refused in French, a right one (or a recovery code, once) signs in, and past
// 5 wrong codes even a right one is refused; turned off with the password (a wrong proof
// refused), mailed, and the password alone signs in again.
import {
  SECOND_FACTOR_MESSAGES,
  type ErrorBody,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@espace/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, vi } from 'vitest';
import { mailingPortal, mailingPortalTest } from '../../../support/account-mail';
import { BACKENDS } from '../../../support/backends';
import {
  bearer,
  DEMO,
  signIn,
  startLogin,
  submitLogin,
  type CookieJar,
} from '../../../support/harness';
import { totpCode } from '../../../support/staff';
import { stepUp } from '../../../support/account-security';

const STEP = 30_000;

const pathOf = (response: LightMyRequestResponse) => {
  const value = response.headers.location;
  if (typeof value !== 'string')
    throw new Error(`Expected a redirect, got ${response.statusCode}: ${response.body}`);
  const url = new URL(value, 'http://localhost:3000');
  return url.pathname + url.search;
};

describe.each(BACKENDS)('a customer’s second factor on %s', (backend) => {
  const it = mailingPortalTest
    .extend(
      'api',
      ({ t }) =>
        async (
          headers: Record<string, string>,
          method: 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: string,
          payload?: object,
        ) =>
          t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
    )
    /** The password step: where the provider's interaction goes next, and the browser. */
    .extend('password', ({ t }) => async (email: string, pass = DEMO.password) => {
      const { jar, interaction } = await startLogin(t.app, t.config);
      const answer = await submitLogin(t.app, interaction, jar, email, pass);
      jar.store(answer);
      return { jar, interaction, answer };
    })
    .extend('sendCode', ({ t }) => async (jar: CookieJar, interaction: string, code: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${interaction}/code`,
        headers: {
          cookie: jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ code }).toString(),
      });
      jar.store(answer);
      return answer;
    })
    /** Follows the provider's redirects after a sign-in to the portal's callback: its code. */
    .extend(
      'authorizationCode',
      ({ t }) =>
        async (jar: CookieJar, from: LightMyRequestResponse) => {
          const resume = await t.app.inject({
            method: 'GET',
            url: pathOf(from),
            headers: { cookie: jar.header() },
          });
          return new URL(pathOf(resume), 'http://localhost:3000').searchParams.get('code');
        },
    )
    .override(mailingPortal(backend));

  it('is turned on with a code, asked at every password sign-in, throttled, and turned off', async ({
    t,
    mailsTo,
    api,
    password,
    sendCode,
    authorizationCode,
  }) => {
    const email = DEMO.camille;
    const tokens = await signIn(t.app, t.config, email);
    const headers = bearer(tokens.access_token);
    const accountId = JSON.parse(
      Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString(),
    ).sub as string;
    const base = `/api/v1/authentication/accounts/${accountId}/second-factor`;

    const off = (await api(headers, 'GET', base)).json<SecondFactorStatus>();
    expect(off).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    // The secret to add to the app, after a fresh proof: the same until confirmed.
    expect((await stepUp(t, accountId, headers)).statusCode).toBe(204);
    const started = await api(headers, 'POST', `${base}/enrolment`);
    expect(started.statusCode).toBe(200);
    const enrolment = started.json<SecondFactorEnrolment>();
    expect(enrolment.qrSvg).toContain('<svg');
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Espace%20Assur%C3%A9:/);
    expect(
      (await api(headers, 'POST', `${base}/enrolment`)).json<SecondFactorEnrolment>().secret,
    ).toBe(enrolment.secret);

    // A wrong code is refused in French; a right one turns it on and gives 10 recovery codes.
    const wrong = await api(headers, 'PUT', base, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().error.fields?.code).toBe('Code incorrect ou déjà utilisé.');
    const notACode = await api(headers, 'PUT', base, { code: 'abc' });
    expect(notACode.statusCode).toBe(400);
    const confirmed = await api(headers, 'PUT', base, { code: totpCode(enrolment.secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<RecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    const on = (await api(headers, 'GET', base)).json<SecondFactorStatus>();
    expect(on).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Its mails (the sign-ins from new browsers below are mailed too).
    const factorMails = () => mailsTo(email).filter((m) => m.includes('Double authentification'));
    await vi.waitFor(() => expect(factorMails()).toHaveLength(1), { timeout: 15_000 });
    expect(factorMails()[0]).toContain('Double authentification activée sur votre espace');
    // Its one link undoes it (routes/account/security/not-me.test.ts follows it).
    expect(factorMails()[0]).toMatch(/http:\/\/localhost:3000\/interaction\/not-me\?token=/);

    // A right password now leads to the code step, with and without the form's script.
    const first = await password(email);
    expect(first.answer.statusCode).toBe(303);
    expect(pathOf(first.answer)).toBe(`${first.interaction}/code`);
    const scripted = await startLogin(t.app, t.config);
    const json = await submitLogin(
      t.app,
      scripted.interaction,
      scripted.jar,
      email,
      DEMO.password,
      true,
    );
    expect(json.json<{ location: string }>().location).toBe(`${scripted.interaction}/code`);
    const page = await t.app.inject({
      method: 'GET',
      url: `${first.interaction}/code`,
      headers: { cookie: first.jar.header() },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Double authentification</h1>');
    expect(page.body).toContain('autocomplete="one-time-code"');
    // Without the password step's cookie, the code page sends back to the password.
    const skipped = await startLogin(t.app, t.config);
    const forced = await t.app.inject({
      method: 'GET',
      url: `${skipped.interaction}/code`,
      headers: { cookie: skipped.jar.header() },
    });
    expect(pathOf(forced)).toBe(skipped.interaction);

    const refused = await sendCode(first.jar, first.interaction, '123456');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain(SECOND_FACTOR_MESSAGES.wrongCode);
    expect(refused.body).toContain('role="alert"');
    // The step of the enrolment is spent: the next one signs in.
    const accepted = await sendCode(
      first.jar,
      first.interaction,
      totpCode(enrolment.secret, Date.now() + STEP),
    );
    expect(accepted.statusCode).toBe(303);
    expect(await authorizationCode(first.jar, accepted)).toMatch(/.+/);

    // A recovery code signs in once.
    const second = await password(email);
    const recovered = await sendCode(
      second.jar,
      second.interaction,
      recoveryCodes[0]!.toLowerCase(),
    );
    expect(recovered.statusCode).toBe(303);
    expect(await authorizationCode(second.jar, recovered)).toMatch(/.+/);
    const third = await password(email);
    expect((await sendCode(third.jar, third.interaction, recoveryCodes[0]!)).statusCode).toBe(401);

    // 5 wrong codes in the window (one above, here four more): then even a right one is refused.
    for (let i = 0; i < 3; i++)
      expect((await sendCode(third.jar, third.interaction, '654321')).statusCode).toBe(401);
    const locked = await sendCode(third.jar, third.interaction, recoveryCodes[1]!);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain(SECOND_FACTOR_MESSAGES.tooManyCodes);

    // Turned off with the password (a wrong proof refused in French), mailed.
    const badProof = await api(headers, 'DELETE', base, { proof: 'pas-le-bon' });
    expect(badProof.statusCode).toBe(400);
    expect(badProof.json<ErrorBody>().error.fields?.proof).toBe('Mot de passe ou code incorrect.');
    const removed = await api(headers, 'DELETE', base, { proof: DEMO.password });
    expect(removed.statusCode).toBe(204);
    expect((await api(headers, 'GET', base)).json<SecondFactorStatus>().enabled).toBe(false);
    await vi.waitFor(() => expect(factorMails()).toHaveLength(2), { timeout: 15_000 });
    expect(factorMails()[1]).toContain('Double authentification désactivée sur votre espace');
    const after = await password(email);
    expect(pathOf(after.answer)).not.toContain('/code');
    expect(await authorizationCode(after.jar, after.answer)).toMatch(/.+/);
  });

  it('is turned off with a code of the app too, and another customer’s path is refused', async ({
    t,
    api,
  }) => {
    const tokens = await signIn(t.app, t.config, DEMO.lea);
    const other = await signIn(t.app, t.config, DEMO.jean);
    const headers = bearer(tokens.access_token);
    const sub = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString())
      .sub as string;
    const base = `/api/v1/authentication/accounts/${sub}/second-factor`;
    expect((await api(bearer(other.access_token), 'POST', `${base}/enrolment`)).statusCode).toBe(
      403,
    );
    expect((await stepUp(t, sub, headers)).statusCode).toBe(204);
    const { secret } = (
      await api(headers, 'POST', `${base}/enrolment`)
    ).json<SecondFactorEnrolment>();
    expect((await api(headers, 'PUT', base, { code: totpCode(secret) })).statusCode).toBe(200);
    expect((await api(headers, 'POST', `${base}/enrolment`)).statusCode).toBe(409);
    const removed = await api(headers, 'DELETE', base, {
      proof: totpCode(secret, Date.now() + STEP),
    });
    expect(removed.statusCode).toBe(204);
    expect((await api(headers, 'DELETE', base, { proof: DEMO.password })).statusCode).toBe(409);
  });
});
