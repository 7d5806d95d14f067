// The new-device mail of every sign-in path (docs/decisions/0141-every-sign-in-mails-its-new-
// device.md), received by a real SMTP server: a customer's passkey sign-in and a staff member's
// sign-in, by code and by passkey (the portal's and the public client's password sign-ins are
// sessions.test.ts's, an external provider's client-sessions/external-portal-session.test.ts's). Each time: the
// first sign-in ever mails nobody, a new browser gets one mail with its device and the date and
// time, the same browser again none. The passkeys are made and used by a software
// authenticator, through the real routes.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, vi } from 'vitest';
import { consoleCookieName } from '../../src/plugins/console-authentication';
import { mailingPortal, mailingPortalTest } from '../support/account-mail';
import { BACKENDS } from '../support/backends';
import { DEMO, type CookieJar } from '../support/harness';
import { addConsolePasskey, passkeySignIn, portalBrowser } from '../support/passkey-browsers';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import {
  browser,
  createStaff,
  followToConsole,
  freshCode,
  locationOf,
  startStaffSignIn,
  type TestStaff,
} from '../support/staff';
import { DEVICES, FIREFOX_LINUX, FIREFOX_WINDOWS, SAFARI_IPHONE } from '../support/user-agents';

const IPHONE = DEVICES.iphone;
/** « le 3 décembre 2026 à 14:05 », as the mail writes the time (Europe/Paris). */
const WHEN = /, le \d{1,2} \S+ \d{4} à \d{2}:\d{2}\./;

describe.each(BACKENDS)('the new-device mail of every sign-in path on %s', (backend) => {
  const it = mailingPortalTest.override(mailingPortal(backend));

  /**
   * The new-device mails `email` received once `count` arrived (and no more a moment later);
   * not the mails of the changes to a way in (a passkey added: 0140).
   */
  const settled = async (mailsTo: (email: string) => string[], email: string, count: number) => {
    const newDevice = () => mailsTo(email).filter((m) => m.includes('depuis un nouvel appareil'));
    await vi.waitFor(() => expect(newDevice().length).toBeGreaterThanOrEqual(count), {
      timeout: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    return newDevice();
  };

  it('mails a customer’s passkey sign-in from a new browser, not from the same again', async ({
    t,
    mailsTo,
  }) => {
    const authenticator = new SoftwareAuthenticator(t.config.publicUrl);
    // Camille's first sign-in (no mail: nothing to compare with), then a passkey added there.
    const first = await portalBrowser(t, DEMO.camille, FIREFOX_WINDOWS);
    await first.addPasskey(authenticator);

    /** A passkey sign-in from the iPhone, in `jar` (its known-device cookie) if given. */
    const withPasskey = async (jar?: CookieJar) => {
      const signedIn = await passkeySignIn(t, authenticator, { jar, userAgent: SAFARI_IPHONE });
      expect(signedIn.answer.statusCode).toBe(200);
      expect(signedIn.answer.json<{ location: string }>().location).toMatch(/.+/);
      return signedIn.jar;
    };
    const iphone = await withPasskey();
    const mails = await settled(mailsTo, DEMO.camille, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Nouvelle connexion à votre espace');
    expect(mails[0]).toContain(`nouvel appareil\u00a0: ${IPHONE}`);
    expect(mails[0]).toMatch(WHEN);
    // The same iPhone again: known, no mail.
    await withPasskey(iphone);
    expect(await settled(mailsTo, DEMO.camille, 1)).toHaveLength(1);
  });

  /** A staff member's console sign-in in `jar` with `userAgent`: password, then `second`. */
  const staffSignIn = async (
    t: { app: Parameters<typeof browser>[0]; config: { publicUrl: string } },
    staff: TestStaff,
    options: { jar?: CookieJar; userAgent: string; second?: SoftwareAuthenticator },
  ) => {
    const b = browser(t.app, options.jar, undefined, { 'user-agent': options.userAgent });
    const { interaction } = await startStaffSignIn(b);
    const password = await b.post(`${interaction}/staff`, {
      email: staff.email,
      password: staff.password,
    });
    let proven: LightMyRequestResponse;
    if (options.second) {
      const challenge = await b.get(`${interaction}/staff/passkey/options`);
      proven = await t.app.inject({
        method: 'POST',
        url: `${interaction}/staff/passkey`,
        headers: { cookie: b.jar.header(), 'user-agent': options.userAgent },
        payload: options.second.authenticate(challenge.json()),
      });
      expect(proven.statusCode).toBe(200);
      b.jar.store(proven);
      const next = await b.get(proven.json<{ location: string }>().location);
      await followToConsole(b, next);
    } else {
      proven = await b.post(locationOf(password), { code: await freshCode(t.app.db, staff) });
      await followToConsole(b, proven);
    }
    const session = b.jar.get(consoleCookieName(t.config.publicUrl));
    expect(session).toMatch(/.+/);
    return { jar: b.jar, cookie: `${consoleCookieName(t.config.publicUrl)}=${session}` };
  };

  it('mails a staff member’s sign-in from a new browser, by code or passkey, to their address', async ({
    t,
    mailsTo,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    // Two codes at most a minute (each TOTP step is taken once): the other sign-ins by passkey.
    const first = await staffSignIn(t, staff, { userAgent: FIREFOX_WINDOWS });
    // A passkey added from that first browser.
    const authenticator = new SoftwareAuthenticator(t.config.publicUrl);
    const session = { cookie: first.cookie };
    const added = await addConsolePasskey(t.app, session, staff.password, authenticator);
    expect(added.statusCode).toBe(201);
    // The same browser again: known (its staff device cookie), no mail.
    await staffSignIn(t, staff, {
      jar: first.jar,
      userAgent: FIREFOX_WINDOWS,
      second: authenticator,
    });
    // A new browser, by code: one mail.
    await staffSignIn(t, staff, { userAgent: SAFARI_IPHONE });
    const mails = await settled(mailsTo, staff.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Bonjour Alex Conseiller,');
    expect(mails[0]).toContain(
      `Une connexion à votre compte de la console a eu lieu depuis un nouvel appareil\u00a0: ${IPHONE}`,
    );
    expect(mails[0]).toMatch(WHEN);
    expect(mails[0]).toContain('http://localhost:3000/backoffice/compte');
    expect(mails[0]).not.toContain('Firefox');

    // Another new browser, by passkey: mailed too.
    await staffSignIn(t, staff, { userAgent: FIREFOX_LINUX, second: authenticator });
    const both = await settled(mailsTo, staff.email, 2);
    expect(both).toHaveLength(2);
    expect(both[1]).toContain(`nouvel appareil\u00a0: ${DEVICES.firefoxLinux}`);
  });
});
