// The portal's cookie session with an external provider (OIDC_ISSUER, OIDC_CLIENT_SECRET;
// docs/decisions/0084-external-provider-sessions.md). The provider is a real OpenID Connect
// provider (node-oidc-provider, as Keycloak would be) on a loopback port, with the portal as its
// confidential client and back-channel logout on; its sign-in screen signs in whichever subject
// the test names, as a customer typing their password there would. The portal listens on its own
// port, so the provider's back-channel logout reaches it over HTTP, and mails through a real SMTP
// stand-in (the new-device mail of a sign-in at the provider).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_BACKCHANNEL_LOGOUT_PATH, type SignOutAnswer } from '@espace/contract';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../support/test-config';
import { createTestApp, DEMO, type TestApp, webBuild } from '../../support/harness';
import { CookieJar } from '../../support/cookie-jar';
import { decodeQuotedPrintable, startMailServer } from '../../support/mail-server-stand-in';
import { SMTP } from '../../support/api-test';
import { FIREFOX_WINDOWS, SAFARI_IPHONE } from '../../support/user-agents';

const CLIENT_ID = 'espace-assure-portal';
const CLIENT_SECRET = 'secret-du-portail-chez-le-fournisseur';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the portal session with an external provider', () => {
  let providerServer: Server;
  let providerUrl: string;
  let portal: TestApp;
  let portalServer: Server;
  let portalUrl: string;
  let subject = '';
  let leaId: string;
  /** The provider's signing key: a test signs a logout token as the provider would. */
  let providerKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let mail: Awaited<ReturnType<typeof startMailServer>>;

  beforeAll(async () => {
    // The portal's address first: the provider registers its callback and logout URIs. The
    // server holding that port keeps it and hands every request to the portal once built
    // (closing it and listening again later would leave the port free for anyone to take).
    portalServer = createServer((request, response) => portal.app.routing(request, response));
    portalUrl = await listen(portalServer);

    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    providerKey = privateKey;
    providerServer = createServer();
    providerUrl = await listen(providerServer);
    const provider = new Provider(providerUrl, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          token_endpoint_auth_method: 'client_secret_basic',
          redirect_uris: [`${portalUrl}/auth/callback`],
          post_logout_redirect_uris: [`${portalUrl}/loggedOut`],
          backchannel_logout_uri: `${portalUrl}${AUTH_BACKCHANNEL_LOGOUT_PATH}`,
          backchannel_logout_session_required: true,
        },
      ],
      jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
      cookies: { keys: ['clé-de-test-du-fournisseur'] },
      pkce: { required: () => true },
      // Its back-channel calls refuse loopback addresses (SSRF protection); the portal is one here.
      fetch: (url, options) => fetch(url, { ...options, dispatcher: undefined } as RequestInit),
      findAccount: async (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const accountId = ctx.oidc.session?.accountId;
        if (!ctx.oidc.client || !accountId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: CLIENT_ID, accountId });
        grant.addOIDCScope('openid');
        await grant.save();
        return grant;
      },
      features: {
        devInteractions: { enabled: false },
        backchannelLogout: { enabled: true },
        rpInitiatedLogout: { enabled: true },
      },
    });
    const callback = provider.callback();
    providerServer.on('request', (req, res) => {
      if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
      // The provider's sign-in screen: the customer named by the test signs in.
      void provider.interactionFinished(req, res, { login: { accountId: subject } });
    });

    mail = await startMailServer();
    portal = await createTestApp('pglite', {
      publicUrl: portalUrl,
      smtp: { url: `smtp://127.0.0.1:${mail.port}`, ...SMTP },
      webDist: webBuild(),
      oidc: {
        ...testConfig().oidc,
        embedded: false,
        issuer: providerUrl,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      },
    });
    const lea = await portal.app.db
      .selectFrom('credentials')
      .select('account_id')
      .where('email', '=', DEMO.lea)
      .executeTakeFirstOrThrow();
    leaId = lea.account_id;
  });
  afterAll(async () => {
    portalServer?.closeAllConnections();
    await new Promise((resolve) => portalServer?.close(resolve));
    await portal?.close();
    providerServer?.closeAllConnections();
    await new Promise((resolve) => providerServer?.close(resolve));
    await new Promise<void>((resolve) => mail?.server.close(() => resolve()));
  });

  /**
   * A browser: one jar for the portal, one for the provider, redirects followed by hand; its
   * user agent when given.
   */
  function browser(userAgent?: string) {
    const jars = { portal: new CookieJar(), provider: new CookieJar() };
    const go = async (url: string, init: RequestInit = {}) => {
      const jar = url.startsWith(portalUrl) ? jars.portal : jars.provider;
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...init.headers,
          cookie: jar.header(),
          'sec-fetch-site': 'same-origin',
          ...(userAgent ? { 'user-agent': userAgent } : {}),
        },
      });
      jar.store(response);
      return response;
    };
    /** Follows redirects from `url` to the first answer that is not one. */
    const follow = async (url: string) => {
      let response = await go(url);
      for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++)
        response = await go(new URL(response.headers.get('location')!, response.url).href);
      return response;
    };
    return { jars, go, follow };
  }

  const policiesOf = (b: ReturnType<typeof browser>, accountId: string) =>
    b.go(`${portalUrl}/api/v1/policy/accounts/${accountId}`);

  const sessionsOfLea = async () =>
    (
      await portal.app.db
        .selectFrom('portal_sessions')
        .select('id')
        .where('account_id', '=', leaId)
        .execute()
    ).length;

  async function signIn(b: ReturnType<typeof browser>, path = '/policies') {
    subject = leaId;
    const page = await b.follow(`${portalUrl}${path}`);
    expect(page.status).toBe(200);
    return page.text();
  }

  it('signs the customer in at the provider and serves the page with their session', async () => {
    const b = browser();
    const first = await b.go(`${portalUrl}/policies`);
    // The portal sends the browser to the provider, with PKCE and a state.
    expect(first.status).toBe(303);
    const authorization = new URL(first.headers.get('location')!);
    expect(authorization.origin).toBe(providerUrl);
    expect(authorization.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${portalUrl}/auth/callback`);

    const html = await signIn(b);
    expect(html).toContain(`<meta name="portal-account" content="${leaId}">`);
    expect(html).toContain('<meta name="portal-path" content="/policies">');
    // An HttpOnly cookie, and no token anywhere in the page.
    expect(b.jars.portal.get('espace-session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    const policies = await policiesOf(b, leaId);
    expect(policies.status).toBe(200);
    expect(await policies.json()).toMatchObject([{ state: 'Actif' }]);
  });

  it('records the sign-in at the callback and mails a new browser, not the same one again', async () => {
    const camille = await portal.app.db
      .selectFrom('credentials')
      .select('account_id')
      .where('email', '=', DEMO.camille)
      .executeTakeFirstOrThrow();
    const mailsToCamille = () =>
      mail.received
        .filter((m) => m.to.includes(DEMO.camille))
        .map((m) => decodeQuotedPrintable(m.data));
    const signInCamille = async (b: ReturnType<typeof browser>) => {
      subject = camille.account_id;
      expect((await b.follow(`${portalUrl}/policies`)).status).toBe(200);
    };
    const firefox = browser(FIREFOX_WINDOWS);
    // Her first sign-in through the provider: recorded, nothing to compare with, no mail.
    await signInCamille(firefox);
    expect(firefox.jars.portal.get('espace_external_device')).toMatch(/.+/);
    // The same browser again, its session cookie gone: known, no mail.
    firefox.jars.portal.delete('espace-session');
    await signInCamille(firefox);
    // A new browser: one mail, with its device and the date and time.
    await signInCamille(browser(SAFARI_IPHONE));
    await vi.waitFor(() => expect(mailsToCamille()).toHaveLength(1), { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsToCamille()).toHaveLength(1);
    expect(mailsToCamille()[0]).toMatch(
      /nouvel appareil\u00a0: Mobile Safari 17 sur Apple iPhone \(iOS 17\.1\), le \d{1,2} \S+ \d{4} à \d{2}:\d{2}\./,
    );
    const methods = await portal.app.db
      .selectFrom('sign_ins')
      .select(['method', 'new_device'])
      .where('account_id', '=', camille.account_id)
      .orderBy('created_at')
      .execute();
    expect(methods).toEqual([
      { method: 'external', new_device: false },
      { method: 'external', new_device: false },
      { method: 'external', new_device: true },
    ]);
  });

  it('opens only the signed-in account, and nothing with a forged cookie', async () => {
    const b = browser();
    await signIn(b);
    const other = await portal.app.db
      .selectFrom('credentials')
      .select('account_id')
      .where('email', '=', DEMO.camille)
      .executeTakeFirstOrThrow();
    expect((await policiesOf(b, other.account_id)).status).toBe(403);

    const forged = await fetch(`${portalUrl}/api/v1/policy/accounts/${leaId}`, {
      headers: { cookie: `espace-session=${'A'.repeat(43)}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a callback without its state, and a subject that is no customer of the portal', async () => {
    const b = browser();
    // A sign-in begun (its cookie set), then a callback with another state: login CSRF.
    expect((await b.go(`${portalUrl}/policies`)).status).toBe(303);
    const forged = await b.go(`${portalUrl}/auth/callback?code=x&state=${'s'.repeat(43)}`);
    expect(forged.status).toBe(400);
    expect(b.jars.portal.get('espace-session')).toBeUndefined();

    for (const stranger of ['staff:1', 'personne-inconnue']) {
      const c = browser();
      subject = stranger;
      const page = await c.follow(`${portalUrl}/policies`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('Connexion impossible');
      expect(c.jars.portal.get('espace-session')).toBeUndefined();
    }
  });

  it('signs out: the session ends and the browser goes on to end the provider’s', async () => {
    const b = browser();
    await signIn(b);
    const session = b.jars.portal.get('espace-session')!;
    const crossSite = await fetch(`${portalUrl}/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: b.jars.portal.header(), 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await policiesOf(b, leaId)).status).toBe(200);

    const out = await b.go(`${portalUrl}/auth/sign-out`, {
      method: 'POST',
      headers: { 'x-espace-request': '1' },
    });
    expect(out.status).toBe(200);
    const { endSession } = (await out.json()) as SignOutAnswer;
    const end = new URL(endSession);
    expect(end.origin).toBe(providerUrl);
    expect(end.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${portalUrl}/loggedOut`);
    expect(b.jars.portal.get('espace-session')).toBeUndefined();
    // The old cookie, kept by a copy of the browser, opens nothing any more.
    const stale = await fetch(`${portalUrl}/api/v1/policy/accounts/${leaId}`, {
      headers: { cookie: `espace-session=${session}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(stale.status).toBe(401);
  });

  it('ends the session as soon as the provider’s back-channel logout names it', async () => {
    const b = browser();
    await signIn(b);
    const session = b.jars.portal.get('espace-session')!;
    expect((await policiesOf(b, leaId)).status).toBe(200);
    const before = await sessionsOfLea();
    expect(before).toBeGreaterThan(1);

    // The customer signs out at the provider itself (another application, or its account page).
    const confirm = await b.follow(`${providerUrl}/session/end?client_id=${CLIENT_ID}`);
    expect(confirm.status).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await confirm.text())?.[1];
    expect(xsrf).toBeTruthy();
    const ended = await b.go(`${providerUrl}/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(ended.status).toBeLessThan(400);
    // The provider posts its logout token to the portal, which ends the session.
    await vi.waitFor(
      async () => {
        const after = await fetch(`${portalUrl}/api/v1/policy/accounts/${leaId}`, {
          headers: { cookie: `espace-session=${session}`, 'sec-fetch-site': 'same-origin' },
        });
        expect(after.status).toBe(401);
      },
      { timeout: 10_000, interval: 200 },
    );
    // Only that provider session's: the customer's other browsers stay signed in.
    expect(await sessionsOfLea()).toBe(before - 1);
  });

  it('refuses a logout token the provider did not sign, or a malformed one: nothing ends', async () => {
    const b = browser();
    await signIn(b);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      sub: leaId,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(providerUrl)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setJti('x')
      .sign(privateKey);
    for (const body of [`logout_token=${forged}`, 'logout_token=', 'autre=1']) {
      const response = await fetch(`${portalUrl}${AUTH_BACKCHANNEL_LOGOUT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(response.status).toBe(400);
    }
    expect((await policiesOf(b, leaId)).status).toBe(200);
  });

  it('refuses the provider’s own logout token without `exp`: nothing ends', async () => {
    const b = browser();
    await signIn(b);
    const logoutToken = (exp: boolean) => {
      const jwt = new SignJWT({
        sub: leaId,
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(providerUrl)
        .setAudience(CLIENT_ID)
        .setIssuedAt()
        .setJti(randomUUID());
      return (exp ? jwt.setExpirationTime('2m') : jwt).sign(providerKey);
    };
    const post = async (token: string) =>
      fetch(`${portalUrl}${AUTH_BACKCHANNEL_LOGOUT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `logout_token=${token}`,
      });
    expect((await post(await logoutToken(false))).status).toBe(400);
    expect((await policiesOf(b, leaId)).status).toBe(200);
    // The same token with its `exp` is the provider's logout, and ends the session.
    expect((await post(await logoutToken(true))).status).toBe(200);
    expect((await policiesOf(b, leaId)).status).toBe(401);
  });
});

describe('the portal with an external provider that does not answer', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp('pglite', {
      webDist: webBuild(),
      oidc: {
        ...testConfig().oidc,
        embedded: false,
        issuer: 'http://127.0.0.1:9/realms/assures',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      },
    });
  });
  afterAll(() => portal?.close());

  it('starts, and says sign-in is unavailable rather than failing silently', async () => {
    const page = await portal.app.inject('/policies');
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('Connexion impossible');
    expect((await portal.app.inject('/healthz')).statusCode).toBe(200);
  });
});
