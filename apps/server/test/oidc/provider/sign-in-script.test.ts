// The sign-in form's script sends the form with fetch and asks for JSON, so that the
// browser can replace the sign-in page's history entry with the URL to continue to. The same
// checks and the same counting as the classic POST (oidc/provider/login.test.ts and sign-in-throttle.test.ts):
// one attempt is one claim in the throttle and one request for the route's rate limit.
import { MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { DEVICE_COOKIE } from '../../../src/oidc/provider/device-cookie';
import { CookieJar, DEMO, startLogin } from '../../support/harness';

const ADDRESS = '198.51.100.40';

describe('sign-in asked for JSON (the form’s script)', () => {
  const it = apiTest
    .extend(
      'submit',
      ({ t }) =>
        (
          interaction: string,
          jar: CookieJar,
          email: string,
          password: string,
          accept = 'application/json',
        ) => {
          return t.app.inject({
            method: 'POST',
            url: `${interaction}/login`,
            remoteAddress: ADDRESS,
            headers: {
              accept,
              cookie: jar.header(),
              'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
            },
            payload: new URLSearchParams({ email, password }).toString(),
          });
        },
    )
    .extend(
      'failures',
      ({ t }) =>
        async (key: string) =>
          (
            await t.database.handle.db
              .selectFrom('sign_in_throttle')
              .select('attempts')
              .where('key', '=', key)
              .executeTakeFirst()
          )?.attempts,
    );

  it('serves the script the login page loads, with no inline script', async ({ t }) => {
    const { form } = await startLogin(t.app, t.config);
    expect(form.body).toMatch(/<script src="\/interaction\/sign-in.js" defer><\/script>/);
    expect(form.body).toMatch(/<form method="post" action="[^"]+\/login" novalidate data-sign-in>/);
    expect(form.body).not.toMatch(/<script>|<style>| style="/);
    const script = await t.app.inject('/interaction/sign-in.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('location.replace');
  });

  it('answers a wrong password with the French message, counted once in the throttle', async ({
    t,
    failures,
    submit,
  }) => {
    const { jar, interaction } = await startLogin(t.app, t.config);
    const wrong = await submit(interaction, jar, DEMO.camille, 'Mauvais2026!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/^application\/json/);
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect(wrong.json()).toEqual({
      error: { code: 'unauthorized', message: MESSAGES.login.invalidCredentials },
    });
    expect(await failures(`account:${DEMO.camille}`)).toBe(1);
    expect(await failures(`address:${ADDRESS}`)).toBe(1);
    // The route's rate limit counted it once too: one more request leaves one less.
    const remaining = Number(wrong.headers['x-ratelimit-remaining']);
    const again = await submit(interaction, jar, DEMO.camille, 'Mauvais2026!');
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
    expect(await failures(`account:${DEMO.camille}`)).toBe(2);

    const missing = await submit(interaction, jar, DEMO.camille, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: { code: 'validation_error', message: MESSAGES.login.missingFields },
    });
    expect(await failures(`account:${DEMO.camille}`)).toBe(2);
  });

  it('answers the right password with the URL the classic POST is redirected to', async ({
    t,
    failures,
    submit,
  }) => {
    const { jar, interaction } = await startLogin(t.app, t.config);
    // Begun at the provider (not by the portal's page): the browser holds the provider's resume
    // cookie for the resume's path only, so the form's POST does not carry it (this jar sends
    // every cookie: it is taken out for the POST and put back after).
    const resumeCookies = ['_interaction_resume', '_interaction_resume.sig'].map(
      (name) => [name, jar.get(name)!] as const,
    );
    for (const [name] of resumeCookies) jar.delete(name);
    const login = await submit(interaction, jar, DEMO.camille, DEMO.password);
    for (const [name, value] of resumeCookies) jar.set(name, value);
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const { location } = login.json<{ location: string }>();
    expect(new URL(location).pathname).toMatch(/^\/oidc\/auth\/[\w-]+$/);
    // The known-device cookie is set as on the classic POST; a right password is taken back
    // from the counts, the two wrong ones above stay (docs/decisions/0014-sign-in-throttle.md).
    expect(login.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({ httpOnly: true });
    expect(await failures(`account:${DEMO.camille}`)).toBe(2);
    expect(await failures(`address:${ADDRESS}`)).toBe(2);
    // Following it finishes the sign-in: the SPA's callback with a code.
    jar.store(login);
    const resume = await t.app.inject({
      url: new URL(location).pathname,
      headers: { cookie: jar.header() },
    });
    expect(resume.statusCode).toBe(303);
    expect(new URL(resume.headers.location as string).searchParams.get('code')).toBeTruthy();
  });

  it('with the resume cookie, resumes in process and answers the callback with its code', async ({
    t,
    submit,
  }) => {
    const { jar, interaction } = await startLogin(t.app, t.config);
    const login = await submit(interaction, jar, DEMO.lea, DEMO.password);
    expect(login.statusCode).toBe(200);
    const callback = new URL(login.json<{ location: string }>().location);
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('code')).toBeTruthy();
    // The provider's session and the cleared resume cookie come with the answer.
    expect(login.cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['_session', '_interaction_resume']),
    );
  });

  it('says when the sign-in has expired, so the script shows the server’s page', async ({
    submit,
  }) => {
    // The interaction is the one its cookie names: without it (expired), there is none.
    const jar = new CookieJar();
    const expired = await submit('/interaction/inconnue', jar, DEMO.lea, DEMO.password);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ expired: true, error: { code: 'validation_error' } });
    const page = await submit('/interaction/inconnue', jar, DEMO.lea, DEMO.password, 'text/html');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Connexion impossible');
  });

  it('keeps the throttle’s French message for a locked email', async ({ t, submit }) => {
    const { jar, interaction } = await startLogin(t.app, t.config);
    let last;
    for (let i = 0; i < 6; i++) last = await submit(interaction, jar, DEMO.jean, `Faux-${i}`);
    expect(last!.statusCode).toBe(429);
    // The refusal offers the way in that stays open: the reset link by e-mail.
    expect(last!.json()).toEqual({
      error: { code: 'rate_limited', message: MESSAGES.login.accountLocked },
      link: {
        href: expect.stringMatching(/^\/interaction\/password\/forgot\?retour=/),
        text: MESSAGES.login.accountLockedLink,
      },
    });
  });
});
