// 'Mon compte' › « Sécurité », the open sessions (docs/decisions/0115-sessions-and-new-device-
// mail.md): the list of a customer's sessions with their devices read from the user agent, the
// caller's marked; ending one (its cookie and its tokens refused on the next call), ending all
// others; another customer's sessions neither listed nor ended; the new-device mail received by
// a real SMTP server, and none for a browser already known.
import {
  SESSION_MESSAGES,
  SESSION_REQUEST_HEADER,
  type ErrorBody,
  type OpenSessions,
  UNKNOWN_DEVICE,
} from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { mailingPortal, mailingPortalTest } from '../../../support/account-mail';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import {
  bearer,
  CookieJar,
  DEMO,
  pageAccount,
  portalSignIn,
  signIn,
  signInSession,
  webBuild,
  type TestApp,
} from '../../../support/harness';
import { DEVICE_COOKIE } from '../../../../src/oidc/provider/device-cookie';
import { FIREFOX_WINDOWS, SAFARI_IPHONE } from '../../../support/user-agents';

const write = { [SESSION_REQUEST_HEADER]: '1', 'sec-fetch-site': 'same-origin' };

const sessionsPath = (accountId: string) => `/api/v1/authentication/accounts/${accountId}/sessions`;

async function call(
  t: TestApp,
  jar: CookieJar,
  method: 'GET' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: jar.header(), ...(method === 'GET' ? {} : write), ...headers },
  });
}

describe.each(BACKENDS)('open sessions on %s', (backend) => {
  const it = apiTest
    .extend('browsers', ({ t }) => async (email: string = DEMO.camille) => {
      const first = await portalSignIn(t.app, email, {
        script: true,
        headers: { 'user-agent': FIREFOX_WINDOWS },
      });
      const second = await portalSignIn(t.app, email, {
        script: true,
        headers: { 'user-agent': SAFARI_IPHONE },
      });
      return { first: first.jar, second: second.jar, accountId: pageAccount(first.page)! };
    })
    .override({ backend, appConfig: { webDist: webBuild() } });

  it('requires authentication', async ({ t, camille: { accountId } }) => {
    const response = await t.app.inject({ method: 'GET', url: sessionsPath(accountId) });
    expect(response.statusCode).toBe(401);
  });

  it('lists the customer’s sessions with their devices, the caller’s marked', async ({
    t,
    browsers,
  }) => {
    const { first, second, accountId } = await browsers();
    const response = await call(t, first, 'GET', sessionsPath(accountId));
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json<OpenSessions>();
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(sessions[0]).toBe(sessions.find((s) => s.current));
    expect(current[0]).toMatchObject({ device: 'Firefox 133 sur Windows 10', method: 'password' });
    const iphone = sessions.find(
      (s) => s.device === 'Mobile Safari 17 sur Apple iPhone (iOS 17.1)',
    );
    expect(iphone).toMatchObject({ current: false, method: 'password' });
    expect(Date.parse(iphone!.firstUsedAt)).toBeLessThanOrEqual(Date.parse(iphone!.lastUsedAt));
    // Seen from the iPhone, the iPhone is the current one.
    const fromSecond = (await call(t, second, 'GET', sessionsPath(accountId))).json<OpenSessions>();
    expect(fromSecond.sessions.find((s) => s.current)?.id).toBe(iphone!.id);
  });

  it('never lists nor ends another customer’s sessions', async ({ t, browsers, lea }) => {
    const { first, accountId } = await browsers();
    const leaSessions = await t.app.inject({
      method: 'GET',
      url: sessionsPath(lea.accountId),
      headers: lea.headers,
    });
    const leaIds = leaSessions.json<OpenSessions>().sessions.map((s) => s.id);
    expect(leaIds.length).toBeGreaterThan(0);
    const camilles = (await call(t, first, 'GET', sessionsPath(accountId))).json<OpenSessions>();
    expect(camilles.sessions.map((s) => s.id)).not.toContain(leaIds[0]);
    // Camille's path with Léa's token: refused before anything is read.
    const crossed = await t.app.inject({
      method: 'GET',
      url: sessionsPath(accountId),
      headers: lea.headers,
    });
    expect(crossed.statusCode).toBe(403);
    // Léa's session id on Camille's own path: no such session of hers.
    const ended = await call(t, first, 'DELETE', `${sessionsPath(accountId)}/${leaIds[0]}`);
    expect(ended.statusCode).toBe(404);
    expect(ended.json<ErrorBody>().error.message).toBe(SESSION_MESSAGES.notFound);
    const stillLea = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${lea.accountId}`,
      headers: lea.headers,
    });
    expect(stillLea.statusCode).toBe(200);
  });

  it('ends one session: its cookie is refused at its next call, the caller’s goes on', async ({
    t,
    browsers,
  }) => {
    const { first, second, accountId } = await browsers();
    const { sessions } = (
      await call(t, first, 'GET', sessionsPath(accountId))
    ).json<OpenSessions>();
    const other = (await call(t, second, 'GET', sessionsPath(accountId)))
      .json<OpenSessions>()
      .sessions.find((s) => s.current)!;
    expect(sessions.map((s) => s.id)).toContain(other.id);
    const ended = await call(t, first, 'DELETE', `${sessionsPath(accountId)}/${other.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ passkeysAdded: [] });
    const refused = await call(t, second, 'GET', `/api/v1/account/accounts/${accountId}`);
    expect(refused.statusCode).toBe(401);
    const after = (await call(t, first, 'GET', sessionsPath(accountId))).json<OpenSessions>();
    expect(after.sessions.map((s) => s.id)).not.toContain(other.id);
    expect(after.sessions.some((s) => s.current)).toBe(true);
    // Ending it again: no such open session.
    const again = await call(t, first, 'DELETE', `${sessionsPath(accountId)}/${other.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a write from another site and ends nothing', async ({ t, browsers }) => {
    const { first, second, accountId } = await browsers();
    const other = (await call(t, second, 'GET', sessionsPath(accountId)))
      .json<OpenSessions>()
      .sessions.find((s) => s.current)!;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${sessionsPath(accountId)}/${other.id}`,
      headers: { cookie: first.header(), 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await call(t, second, 'GET', sessionsPath(accountId))).statusCode).toBe(200);
  });

  it('ends every other session at once, tokens included, and keeps the caller’s', async ({
    t,
    browsers,
  }) => {
    const { first, second, accountId } = await browsers();
    const withToken = await signInSession(t.app, t.config, DEMO.camille);
    const token = withToken.tokens.access_token;
    const account = `/api/v1/account/accounts/${accountId}`;
    expect((await t.app.inject({ url: account, headers: bearer(token) })).statusCode).toBe(200);
    const ended = await call(t, first, 'DELETE', sessionsPath(accountId));
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ passkeysAdded: [] });
    expect((await call(t, second, 'GET', account)).statusCode).toBe(401);
    expect((await t.app.inject({ url: account, headers: bearer(token) })).statusCode).toBe(401);
    expect((await call(t, first, 'GET', account)).statusCode).toBe(200);
    const after = (await call(t, first, 'GET', sessionsPath(accountId))).json<OpenSessions>();
    expect(after.sessions).toHaveLength(1);
    expect(after.sessions[0]!.current).toBe(true);
  });
});

describe.each(BACKENDS)('the new-device mail on %s', (backend) => {
  const it = mailingPortalTest.override(mailingPortal(backend));

  it('mails a sign-in from a new browser, not one from a known browser', async ({ t, mailsTo }) => {
    // Léa's first browser: known from now on (its device cookie). A first sign-in mails nobody.
    const known = await portalSignIn(t.app, DEMO.lea, {
      script: true,
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    // The same browser again, signed out (only its device cookie kept): known, no mail.
    const again = new CookieJar();
    again.set(DEVICE_COOKIE, known.jar.get(DEVICE_COOKIE)!);
    await portalSignIn(t.app, DEMO.lea, {
      jar: again,
      script: true,
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    // A new browser.
    const other = await portalSignIn(t.app, DEMO.lea, {
      script: true,
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    expect(pageAccount(other.page)).toMatch(/.+/);
    await vi.waitFor(() => expect(mailsTo(DEMO.lea)).toHaveLength(1), { timeout: 15_000 });
    const data = mailsTo(DEMO.lea)[0]!;
    expect(data).toContain('Nouvelle connexion à votre espace');
    expect(data).toMatch(
      /nouvel appareil\u00a0: Mobile Safari 17 sur Apple iPhone \(iOS 17\.1\), le /,
    );
    expect(data).toContain('http://localhost:3000/account/security');
    expect(data).toContain('http://localhost:3000/account/password');
    expect(data).not.toContain('Firefox');
  });

  it('mails a new device that signs in through the public client too, not only the portal', async ({
    t,
    mailsTo,
  }) => {
    // Jean's first sign-in, on the portal: known from now on, no mail.
    await portalSignIn(t.app, DEMO.jean, {
      script: true,
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    // Another browser signs in through the public client (code flow with PKCE), never
    // passing through the portal's callback.
    const tokens = await signIn(t.app, t.config, DEMO.jean);
    expect(tokens.access_token).toMatch(/.+/);
    await vi.waitFor(() => expect(mailsTo(DEMO.jean)).toHaveLength(1), { timeout: 15_000 });
    const data = mailsTo(DEMO.jean)[0]!;
    expect(data).toContain('Nouvelle connexion à votre espace');
    expect(data).toContain(`nouvel appareil\u00a0: ${UNKNOWN_DEVICE}, le `);
  });
});
