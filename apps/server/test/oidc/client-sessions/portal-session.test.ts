// The portal's cookie session (docs/decisions/0065-portal-session-cookie.md,
// 0066-writes-need-a-same-origin-header.md): the round trips of a new and a returning customer,
// the cookie's flags, the first reads preloaded with the page, the refusal of cross-site
// requests, sign-out and password change ending sessions at once, expired or forged cookies,
// and a session that opens its own account only.
import { MESSAGES, SESSION_REQUEST_HEADER, type ErrorBody } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  bearer,
  CookieJar,
  createTestApp,
  DEMO,
  pageAccount,
  portalSignIn,
  signInSession,
  subjectOf,
  submitLogin,
  webBuild,
} from '../../support/harness';

const NEW_PASSWORD = 'Nouveau-Mot2passe!';

describe.each(BACKENDS)('portal cookie session on %s', (backend) => {
  const it = apiTest
    .extend(
      'api',
      ({ t }) =>
        (
          jar: CookieJar,
          url: string,
          init: { method?: string; headers?: object; payload?: unknown } = {},
        ) =>
          t.app.inject({
            method: (init.method ?? 'GET') as 'GET',
            url: `/api/v1${url}`,
            headers: { cookie: jar.header(), ...init.headers },
            ...(init.payload !== undefined ? { payload: init.payload as object } : {}),
          }),
    )
    .extend(
      'signOut',
      ({ t }) =>
        (jar: CookieJar, headers: object = write) =>
          t.app.inject({
            method: 'POST',
            url: '/auth/sign-out',
            headers: { cookie: jar.header(), ...headers },
          }),
    )
    .override({ backend, appConfig: { webDist: webBuild() } });

  const write = { [SESSION_REQUEST_HEADER]: '1', 'sec-fetch-site': 'same-origin' };

  it('takes the form’s script from its POST straight to the callback: the resume runs in process', async ({
    t,
    api,
  }) => {
    const browser = await portalSignIn(t.app, DEMO.camille, { path: '/documents', script: true });
    const steps = browser.steps.map((step, i) => `${browser.responses[i]!.statusCode} ${step}`);
    const uid = /^POST \/interaction\/([^/]+)\/login$/.exec(browser.steps[1]!)?.[1];
    expect(steps).toEqual([
      '200 GET /documents',
      `200 POST /interaction/${uid}/login`,
      '200 GET /auth/callback',
    ]);
    // The provider's resume cookie is the browser's for the whole origin, so the form's POST
    // (/interaction/…) carries it; the in-process resume clears it there.
    const resume = (response: (typeof browser.responses)[number]) =>
      response.cookies.filter((cookie) => cookie.name.startsWith('_interaction_resume'));
    expect(resume(browser.responses[0]!).map((cookie) => cookie.path)).toEqual(['/', '/']);
    const cleared = resume(browser.responses[1]!);
    expect(cleared.length).toBeGreaterThan(0);
    for (const cookie of cleared) {
      expect(cookie.path).toBe('/');
      expect(cookie.value === '' || (cookie.expires?.getTime() ?? 1) < Date.now()).toBe(true);
    }
    expect(pageAccount(browser.page)).toMatch(/.+/);
    expect(browser.page.body).toContain('<meta name="portal-path" content="/documents">');
    const accountId = pageAccount(browser.page)!;
    expect((await api(browser.jar, `/account/accounts/${accountId}`)).statusCode).toBe(200);
  });

  it('lets the browser resume itself when the form’s POST lacks the resume cookie', async ({
    t,
  }) => {
    const jar = new CookieJar();
    const first = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: jar.header() },
    });
    jar.store(first);
    jar.delete('_interaction_resume');
    jar.delete('_interaction_resume.sig');
    const form = /<form method="post" action="(\/interaction\/[^"]+)\/login"/.exec(first.body)![1]!;
    const login = await submitLogin(t.app, form, jar, DEMO.camille, DEMO.password, true);
    expect(login.statusCode).toBe(200);
    const uid = form.split('/').pop();
    expect(login.json<{ location: string }>().location).toMatch(new RegExp(`/oidc/auth/${uid}$`));
  });

  it('answers a new visitor’s page with the sign-in form, and the callback with the page', async ({
    t,
    api,
  }) => {
    const browser = await portalSignIn(t.app, DEMO.camille, { path: '/documents?x=1' });
    const steps = browser.steps.map((step, i) => `${browser.responses[i]!.statusCode} ${step}`);
    const uid = /^POST \/interaction\/([^/]+)\/login$/.exec(browser.steps[1]!)?.[1];
    // The page asked for answers with the sign-in form itself: no redirect before it, none after
    // the callback.
    expect(steps).toEqual([
      '200 GET /documents',
      `303 POST /interaction/${uid}/login`,
      `303 GET /oidc/auth/${uid}`,
      '200 GET /auth/callback',
    ]);
    expect(browser.responses[0]!.body).toContain('Connexion à votre Espace Assuré');
    expect(browser.responses[0]!.headers['cache-control']).toBe('no-store');
    const { page } = browser;
    const accountId = pageAccount(page);
    expect(accountId).toMatch(/.+/);
    expect(page.body).toContain('<meta name="portal-path" content="/documents?x=1">');
    // The first reads come in the page, as data no browser runs, with no `<` to close it.
    const block = /<script type="application\/json" id="portal-first-reads">([^<]*)<\/script>/.exec(
      page.body,
    )?.[1];
    const first = JSON.parse(block!) as { account: { email: string }; policies: unknown[] };
    expect(first.account.email).toBe(DEMO.camille);
    expect(first.policies.length).toBeGreaterThan(0);
    expect(page.headers.link).toBeUndefined();
    expect(page.headers['cache-control']).toBe('private, no-store');
    // No token in the page or in a cookie a script could read.
    expect(page.body).not.toMatch(/eyJ[\w-]+\.eyJ/);
    for (const cookie of browser.responses.flatMap((r) => r.cookies))
      expect(cookie.httpOnly, cookie.name).toBe(true);
    const session = page.cookies.find((c) => c.name === 'espace-session')!;
    expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 8 * 3600 });
    expect(page.cookies.find((c) => c.name === 'espace-sign-in')).toMatchObject({ maxAge: 0 });
    const policies = await api(browser.jar, `/policy/accounts/${accountId}`);
    expect(policies.statusCode).toBe(200);
    expect(policies.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('serves a returning customer the page at once, even one with only the provider’s session', async ({
    t,
  }) => {
    const { jar } = await portalSignIn(t.app, DEMO.camille);
    const again = await t.app.inject({ url: '/', headers: { cookie: jar.header() } });
    expect(again.statusCode).toBe(200);
    expect(pageAccount(again)).toBeDefined();
    jar.delete('espace-session');
    const silent = await portalSignIn(t.app, DEMO.camille, { jar });
    // The provider's session still open: the page at once, the session opened in process.
    expect(silent.steps).toEqual(['GET /']);
    expect(silent.page.statusCode).toBe(200);
    expect(pageAccount(silent.page)).toBe(pageAccount(again));
  });

  it('over https names its cookies __Host- and marks them Secure', async ({ t }) => {
    const https = await createTestApp(backend, {
      webDist: webBuild(),
      publicUrl: 'https://portail.example.fr',
      trustProxy: true,
      oidc: { ...t.config.oidc, issuer: 'https://portail.example.fr/oidc' },
    });
    try {
      const { page } = await portalSignIn(https.app, DEMO.jean, {
        headers: { 'x-forwarded-proto': 'https', host: 'portail.example.fr' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.cookies.find((c) => c.name === '__Host-espace-session')).toMatchObject({
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(page.cookies.find((c) => c.name === '__Host-espace-session')?.domain).toBeUndefined();
    } finally {
      await https.close();
    }
  });

  it('refuses a cross-site write, a write without the portal header and a cross-site read', async ({
    t,
    api,
  }) => {
    const { jar, page } = await portalSignIn(t.app, DEMO.jean);
    const accountId = pageAccount(page)!;
    const consent = (value: boolean) => `/consent/accounts/${accountId}/${value}`;
    const before = (await api(jar, `/account/accounts/${accountId}`)).json<{
      commercialConsent: boolean;
    }>();
    const attempts = [
      { 'sec-fetch-site': 'cross-site', [SESSION_REQUEST_HEADER]: '1' },
      { 'sec-fetch-site': 'same-site', [SESSION_REQUEST_HEADER]: '1' },
      { 'sec-fetch-site': 'same-origin' },
      { [SESSION_REQUEST_HEADER]: '1', origin: 'https://attacker.example' },
    ];
    for (const headers of attempts) {
      const response = await api(jar, consent(!before.commercialConsent), {
        method: 'PUT',
        headers,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.api.crossSite);
    }
    const read = await api(jar, `/policy/accounts/${accountId}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(403);
    const after = (await api(jar, `/account/accounts/${accountId}`)).json<{
      commercialConsent: boolean;
    }>();
    expect(after.commercialConsent).toBe(before.commercialConsent);
    // The same write from the portal's own page goes through.
    const own = await api(jar, consent(!before.commercialConsent), {
      method: 'PUT',
      headers: write,
    });
    expect(own.statusCode).toBeLessThan(300);
  });

  it('answers 401 to a forged, an expired or an ended cookie', async ({ t, api }) => {
    const { jar, page } = await portalSignIn(t.app, DEMO.lea);
    const accountId = pageAccount(page)!;
    const url = `/account/accounts/${accountId}`;
    const forged = new CookieJar();
    forged.store({ cookies: [{ name: 'espace-session', value: 'A'.repeat(43) }] } as never);
    expect((await api(forged, url)).statusCode).toBe(401);
    expect((await api(new CookieJar(), url)).statusCode).toBe(401);
    expect((await api(jar, url)).statusCode).toBe(200);
    await t.database.handle.db
      .updateTable('portal_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account_id', '=', accountId)
      .execute();
    const expired = await api(jar, url);
    expect(expired.statusCode).toBe(401);
    expect(expired.json<ErrorBody>().error.message).toBe(MESSAGES.api.unauthorized);
    // The page of an expired session signs in again, at once: the provider session still holds.
    const reload = await t.app.inject({ url: '/', headers: { cookie: jar.header() } });
    expect(reload.statusCode).toBe(200);
    expect(pageAccount(reload)).toBe(accountId);
    expect(reload.cookies.find((c) => c.name === 'espace-session')?.value).not.toBe(
      jar.get('espace-session'),
    );
  });

  it('opens only its own account', async ({ t, api }) => {
    const camille = await portalSignIn(t.app, DEMO.camille);
    const jean = pageAccount((await portalSignIn(t.app, DEMO.jean)).page)!;
    for (const url of [`/account/accounts/${jean}`, `/policy/accounts/${jean}`]) {
      const response = await api(camille.jar, url);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('signs out from the portal only: the cookie, its provider session and that session’s tokens end', async ({
    t,
    api,
    signOut,
  }) => {
    const browser = await portalSignIn(t.app, DEMO.camille);
    const accountId = pageAccount(browser.page)!;
    const url = `/account/accounts/${accountId}`;
    const elsewhere = await portalSignIn(t.app, DEMO.camille);
    // A cross-site sign-out (a link, an image, a form) is refused and changes nothing.
    expect((await signOut(browser.jar, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await signOut(browser.jar, {})).statusCode).toBe(403);
    expect((await api(browser.jar, url)).statusCode).toBe(200);
    const out = await signOut(browser.jar);
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'espace-session')).toMatchObject({ maxAge: 0 });
    const kept = browser.jar.header();
    browser.jar.store(out);
    expect(
      (await t.app.inject({ url: `/api/v1${url}`, headers: { cookie: kept } })).statusCode,
    ).toBe(401);
    // The provider session went with it: the next page load asks for the password again.
    const next = await t.app.inject({ url: '/', headers: { cookie: browser.jar.header() } });
    expect(next.body).toContain('Connexion à votre Espace Assuré');
    expect(pageAccount(next)).toBeUndefined();
    // Another browser of the same customer keeps its own session, as with the provider's logout.
    expect((await api(elsewhere.jar, url)).statusCode).toBe(200);
  });

  it('ends every other session, cookie or token, and renews its own cookie when the password changes', async ({
    t,
    api,
  }) => {
    const here = await portalSignIn(t.app, DEMO.lea);
    const accountId = pageAccount(here.page)!;
    // A thief's copy of this very browser's cookie (a shared computer, a stolen phone).
    const copied = here.jar.header();
    const other = await portalSignIn(t.app, DEMO.lea);
    const token = (await signInSession(t.app, t.config, DEMO.lea)).tokens.access_token;
    expect(subjectOf(token)).toBe(accountId);
    const changed = await api(here.jar, `/authentication/accounts/${accountId}/password`, {
      method: 'PUT',
      headers: write,
      payload: { oldPassword: DEMO.password, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(204);
    const renewed = changed.cookies.find((c) => c.name === 'espace-session');
    expect(renewed?.value).toMatch(/^[\w-]{43}$/);
    expect(copied).not.toContain(renewed!.value);
    here.jar.store(changed);
    const url = `/account/accounts/${accountId}`;
    expect((await api(here.jar, url)).statusCode).toBe(200);
    const copy = await t.app.inject({ url: `/api/v1${url}`, headers: { cookie: copied } });
    expect(copy.statusCode).toBe(401);
    expect((await api(other.jar, url)).statusCode).toBe(401);
    const bearerRead = await t.app.inject({ url: `/api/v1${url}`, headers: bearer(token) });
    expect(bearerRead.statusCode).toBe(401);
    const rows = await t.database.handle.db
      .selectFrom('portal_sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a callback without its sign-in cookie, with another state or a code used twice', async ({
    t,
  }) => {
    const start = await t.app.inject({ url: '/' });
    const jar = new CookieJar();
    jar.store(start);
    const wrong = await t.app.inject({
      url: '/auth/callback?code=x&state=y',
      headers: { cookie: jar.header() },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.cookies.some((c) => c.name === 'espace-session')).toBe(false);
    const bare = await t.app.inject({ url: '/auth/callback?code=x&state=y' });
    expect(bare.statusCode).toBe(400);
    const browser = await portalSignIn(t.app, DEMO.jean);
    const callback = browser.responses.at(-1)!.raw.req.url!;
    const replayed = await t.app.inject({
      url: callback,
      headers: { cookie: browser.jar.header() },
    });
    expect(replayed.statusCode).toBe(400);
  });
});
