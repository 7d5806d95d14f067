// Ending sessions lists the passkeys they added (docs/decisions/0141-every-sign-in-mails-its-new-
// device.md): a passkey added from a second browser (a thief's, say) keeps signing in after its
// session ends; so closing that session, or all the others, answers it with its device and
// date, and the passkey's DELETE removes it, after which it signs in no more. The passkeys the
// caller's own session added are not listed. For a staff member, the console's password change
// (the one way « Mon compte » ends the other sessions) answers the same. Passkeys are made and
// used by a software authenticator, through the real routes.
import { CONSOLE_ROUTES, type EndedSessions, type Passkeys } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { consoleCall } from '../../../support/console';
import { DEMO, webBuild, type TestApp } from '../../../support/harness';
import {
  addConsolePasskey,
  passkeySignIn as signInWith,
  portalBrowser,
} from '../../../support/passkey-browsers';
import { SoftwareAuthenticator } from '../../../support/software-authenticator';
import { createStaff, signInStaff } from '../../../support/staff';
import {
  CHROME_LINUX,
  DEVICES,
  FIREFOX_WINDOWS,
  SAFARI_IPHONE,
} from '../../../support/user-agents';

/** A passkey sign-in at the provider's page: its answer's status. */
const passkeySignIn = async (t: TestApp, authenticator: SoftwareAuthenticator) =>
  (await signInWith(t, authenticator)).answer.statusCode;

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
    expect(added.name).toBe(DEVICES.iphone);

    const ended = await mine.call('DELETE', '/sessions');
    expect(ended.statusCode).toBe(200);
    const { passkeysAdded } = ended.json<EndedSessions>();
    // The other session's passkey, with its device and date; not the caller's own.
    expect(passkeysAdded).toEqual([
      {
        id: added.id,
        name: DEVICES.iphone,
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
    const added = await addConsolePasskey(t.app, elsewhere, staff.password, authenticator, {
      'user-agent': CHROME_LINUX,
    });
    expect(added.statusCode).toBe(201);
    const id = added.json<{ id: string }>().id;

    const changed = await consoleCall(t.app, here, 'PUT', CONSOLE_ROUTES.password, {
      oldPassword: staff.password,
      newPassword: 'Nouveau-Mot2passe-Console',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<EndedSessions>().passkeysAdded).toEqual([
      expect.objectContaining({ id, name: DEVICES.chromeLinux }),
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
