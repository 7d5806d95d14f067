// Ending sessions lists the passkeys they added (docs/decisions/0141-every-sign-in-mails-its-new-
// device.md): a passkey added from a second browser (a thief's, say) keeps signing in after its
// session ends; so closing that session, or all the others, answers it with its device and
// date, and the passkey's DELETE removes it, after which it signs in no more. The passkeys the
// caller's own session added are not listed. For a staff member, the console's password change
// (the one way « Mon compte » ends the other sessions) answers the same. Passkeys are made and
// used by a software authenticator, through the real routes.
import {
  CONSOLE_ROUTES,
  SESSION_REQUEST_HEADER,
  type EndedSessions,
  type OpenSessions,
  type Passkeys,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { consoleCall } from '../../../support/console';
import {
  DEMO,
  pageAccount,
  portalSignIn,
  startLogin,
  webBuild,
  type TestApp,
} from '../../../support/harness';
import { SoftwareAuthenticator } from '../../../support/software-authenticator';
import { createStaff, signInStaff } from '../../../support/staff';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A portal browser of `email` with `userAgent`: its calls to the account's API. */
async function portalBrowser(t: TestApp, email: string, userAgent: string) {
  const { jar, page } = await portalSignIn(t.app, email, {
    script: true,
    headers: { 'user-agent': userAgent },
  });
  const accountId = pageAccount(page)!;
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/authentication/accounts/${accountId}${path}`,
      headers: {
        cookie: jar.header(),
        'user-agent': userAgent,
        'sec-fetch-site': 'same-origin',
        ...(method === 'GET' ? {} : { [SESSION_REQUEST_HEADER]: '1' }),
      },
      ...(payload ? { payload } : {}),
    });
  /** Its own session's id, as « Sécurité » lists it. */
  const sid = async () =>
    (await call('GET', '/sessions')).json<OpenSessions>().sessions.find((s) => s.current)!.id;
  /** Adds a passkey made by `authenticator`, after the password as a fresh proof. */
  const addPasskey = async (authenticator: SoftwareAuthenticator) => {
    expect((await call('POST', '/step-up', { proof: DEMO.password })).statusCode).toBe(204);
    const options = await call('POST', '/passkeys/options');
    const added = await call('POST', '/passkeys', authenticator.register(options.json()));
    expect(added.statusCode).toBe(201);
    return added.json<{ id: string; name: string }>();
  };
  return { jar, accountId, call, sid, addPasskey };
}

/** A passkey sign-in at the provider's page: its answer's status. */
async function passkeySignIn(t: TestApp, authenticator: SoftwareAuthenticator) {
  const { jar, interaction } = await startLogin(t.app, t.config);
  const options = await t.app.inject({
    url: `${interaction}/passkey/options`,
    headers: { cookie: jar.header() },
  });
  const answer = await t.app.inject({
    method: 'POST',
    url: `${interaction}/passkey`,
    headers: { cookie: jar.header() },
    payload: authenticator.authenticate(options.json()),
  });
  return answer.statusCode;
}

describe.each(BACKENDS)('the passkeys of ended sessions on %s', (backend) => {
  const it = apiTest.override({ backend, appConfig: { webDist: webBuild() } });

  it('lists the passkey another session added when the others are closed, and removes it', async ({
    t,
  }) => {
    const mine = await portalBrowser(t, DEMO.camille, FIREFOX_WINDOWS);
    const other = await portalBrowser(t, DEMO.camille, SAFARI_IPHONE);
    const ownKey = new SoftwareAuthenticator(t.config.publicUrl);
    const thiefKey = new SoftwareAuthenticator(t.config.publicUrl);
    const own = await mine.addPasskey(ownKey);
    const added = await other.addPasskey(thiefKey);
    expect(added.name).toBe('Mobile Safari 17 sur Apple iPhone (iOS 17.1)');

    const ended = await mine.call('DELETE', '/sessions');
    expect(ended.statusCode).toBe(200);
    const { passkeysAdded } = ended.json<EndedSessions>();
    // The other session's passkey, with its device and date; not the caller's own.
    expect(passkeysAdded).toEqual([
      {
        id: added.id,
        name: 'Mobile Safari 17 sur Apple iPhone (iOS 17.1)',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    // Its session is gone, its passkey still signs in until removed.
    expect((await other.call('GET', '/sessions')).statusCode).toBe(401);
    expect(await passkeySignIn(t, thiefKey)).toBe(200);
    const removed = await mine.call('DELETE', `/passkeys/${added.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await passkeySignIn(t, thiefKey)).toBe(401);
    const left = (await mine.call('GET', '/passkeys')).json<Passkeys>().passkeys;
    expect(left.map((p) => p.id)).toEqual([own.id]);
    expect(await passkeySignIn(t, ownKey)).toBe(200);
  });

  it('lists what one closed session added, and only that customer’s', async ({ t }) => {
    const mine = await portalBrowser(t, DEMO.jean, FIREFOX_WINDOWS);
    const linux = await portalBrowser(t, DEMO.jean, CHROME_LINUX);
    const iphone = await portalBrowser(t, DEMO.jean, SAFARI_IPHONE);
    const fromLinux = await linux.addPasskey(new SoftwareAuthenticator(t.config.publicUrl));
    await iphone.addPasskey(new SoftwareAuthenticator(t.config.publicUrl));
    const lea = await portalBrowser(t, DEMO.lea, SAFARI_IPHONE);
    const leas = await lea.addPasskey(new SoftwareAuthenticator(t.config.publicUrl));

    const ended = await mine.call('DELETE', `/sessions/${await linux.sid()}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<EndedSessions>().passkeysAdded.map((p) => p.id)).toEqual([fromLinux.id]);
    // Léa's passkey is not Jean's to remove, whatever he sends.
    expect((await mine.call('DELETE', `/passkeys/${leas.id}`)).statusCode).toBe(404);
    expect((await lea.call('GET', '/passkeys')).json<Passkeys>().passkeys).toHaveLength(1);
    // Closing no session that exists lists nothing and changes nothing.
    const none = await mine.call('DELETE', '/sessions/inconnue');
    expect(none.statusCode).toBe(404);
    expect((await iphone.call('GET', '/passkeys')).statusCode).toBe(200);
  });

  it('answers a staff member’s password change with the passkeys the ended sessions added', async ({
    t,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    const here = { cookie: await signInStaff(t.app, staff) };
    const elsewhere = { cookie: await signInStaff(t.app, staff) };
    const authenticator = new SoftwareAuthenticator(t.config.publicUrl);
    const proof = { proof: staff.password };
    const linuxAgent = { 'user-agent': CHROME_LINUX };
    expect(
      (await consoleCall(t.app, elsewhere, 'POST', CONSOLE_ROUTES.stepUp, proof)).statusCode,
    ).toBe(204);
    const options = await consoleCall(t.app, elsewhere, 'POST', CONSOLE_ROUTES.passkeyOptions);
    const added = await consoleCall(
      t.app,
      elsewhere,
      'POST',
      CONSOLE_ROUTES.passkeys,
      authenticator.register(options.json()),
      linuxAgent,
    );
    expect(added.statusCode).toBe(201);
    const id = added.json<{ id: string }>().id;

    const changed = await consoleCall(t.app, here, 'PUT', CONSOLE_ROUTES.password, {
      oldPassword: staff.password,
      newPassword: 'Nouveau-Mot2passe-Console',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<EndedSessions>().passkeysAdded).toEqual([
      expect.objectContaining({ id, name: 'Chrome 131 sur Linux' }),
    ]);
    // The renewed cookie removes it.
    const renewed = changed.cookies.find((c) => here.cookie.startsWith(`${c.name}=`))!;
    const now = { cookie: `${renewed.name}=${renewed.value}` };
    const removed = await consoleCall(t.app, now, 'DELETE', `/me/passkeys/${id}`);
    expect(removed.statusCode).toBe(204);
    const left = await consoleCall(t.app, now, 'GET', CONSOLE_ROUTES.passkeys);
    expect(left.json<Passkeys>().passkeys).toEqual([]);
  });
});
