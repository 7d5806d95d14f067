// A staff member's stolen console cookie and « Ce n’était pas moi » (docs/decisions/0140-a-mail-
// and-an-undo-for-each-change-of-a-way-in.md), through the real console sign-in and a real SMTP
// stand-in: a copy of the cookie adds no passkey and gets no recovery codes without a fresh
// proof (403, nothing changed, nothing journalled); each change the member makes is journalled
// and mailed with one link; confirming it ends the console session, removes the passkey and the
// codes just added but keeps the authenticator app, refuses the old password, journals
// `staff.account_secured` and mails a link whose page sets a new password, after which the
// member signs in with it and their code.
import {
  CONSOLE_ROUTES,
  ERROR_CODES,
  IDENTITY_CHANGE_TEXTS as T,
  STAFF_LINK_TEXTS,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { mailingPortal, mailingPortalTest } from '../../support/account-mail';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall } from '../../support/console';
import { confirmNotMe, notMeMails, securedMail, tokenOf, waysIn } from '../../support/not-me';
import { SoftwareAuthenticator } from '../../support/software-authenticator';
import { browser, createStaff, signInStaff, startStaffSignIn } from '../../support/staff';
import { setPasswordByLink } from '../../support/staff-link';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'Autre-Mot2passe!';

describe.each(BACKENDS)('a staff member’s « Ce n’était pas moi » on %s', (backend) => {
  const it = mailingPortalTest.override(mailingPortal(backend));

  it('keeps a stolen console cookie from adding a way in, and undoes what was added', async ({
    t,
    mailsTo,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    const owner = { staffId: staff.id };
    // The thief's browser holds a copy of the member's cookie.
    const stolen = { cookie: await signInStaff(t.app, staff) };
    const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      consoleCall(t.app, stolen, method, path, body, { 'user-agent': FIREFOX });
    const authenticator = new SoftwareAuthenticator(t.config.publicUrl);
    const before = await waysIn(t.app, owner);

    for (const [path, body] of [
      [CONSOLE_ROUTES.passkeyOptions],
      [CONSOLE_ROUTES.passkeys, authenticator.register({ challenge: 'AAAA' })],
      [CONSOLE_ROUTES.recoveryCodes],
    ] as const) {
      const refused = await call('POST', path, body);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe(
        ERROR_CODES.stepUpRequired,
      );
    }
    expect(await waysIn(t.app, owner)).toEqual(before);
    expect(await auditRows(t.app, 'staff.recovery_codes_renewed')).toEqual([]);

    // The member proves themself, adds a passkey and gets new codes: journalled, two mails.
    expect((await call('POST', CONSOLE_ROUTES.stepUp, { proof: staff.password })).statusCode).toBe(
      204,
    );
    const options = (await call('POST', CONSOLE_ROUTES.passkeyOptions)).json<{
      challenge: string;
    }>();
    expect(
      (await call('POST', CONSOLE_ROUTES.passkeys, authenticator.register(options))).statusCode,
    ).toBe(201);
    const codes = await call('POST', CONSOLE_ROUTES.recoveryCodes);
    expect(codes.statusCode).toBe(200);
    expect(codes.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect((await auditRows(t.app, 'staff.recovery_codes_renewed')).map((r) => r.staff_id)).toEqual(
      [staff.id],
    );
    const [added, renewed] = await notMeMails(() => mailsTo(staff.email), 2);
    expect(added!.text).toContain('Clé d’accès ajoutée sur votre compte de la console du courtier');
    expect(added!.text).toContain('Firefox 133 sur Linux');
    expect(renewed!.text).toContain('Nouveaux codes de secours sur votre compte de la console');
    expect(await waysIn(t.app, owner)).toEqual({
      passkeys: [authenticator.id],
      secondFactor: true,
      recoveryCodes: 10,
    });

    // Confirmed from another browser: the session ends, the passkey and the codes go, the app stays.
    const page = await t.app.inject({ url: renewed!.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('auth-assistance');
    const secured = await confirmNotMe(t.app, tokenOf(renewed!.path));
    expect(secured.statusCode).toBe(200);
    expect(secured.body).toContain(T.doneTitle);
    expect((await call('GET', '/me')).statusCode).toBe(401);
    expect(await waysIn(t.app, owner)).toEqual({
      passkeys: [],
      secondFactor: true,
      recoveryCodes: 0,
    });
    const [journal] = await auditRows(t.app, 'staff.account_secured');
    expect(journal?.staff_id).toBe(staff.id);
    expect(journal?.details).toMatchObject({
      undone: expect.arrayContaining(['passkey_added', 'recovery_codes_renewed']),
    });
    const b = browser(t.app);
    const { interaction } = await startStaffSignIn(b);
    const old = await b.post(`${interaction}/staff`, {
      email: staff.email,
      password: staff.password,
    });
    expect(old.statusCode).toBe(401);
    expect((await confirmNotMe(t.app, tokenOf(added!.path))).statusCode).toBe(400);

    // The mailed link sets a new password; the member signs in with it and their app's code.
    const { path } = await securedMail(() => mailsTo(staff.email));
    const form = await t.app.inject({ url: path });
    expect(form.body).toContain(STAFF_LINK_TEXTS.securedIntro.slice(0, 30));
    const done = await setPasswordByLink(t.app, path, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(STAFF_LINK_TEXTS.securedDone);
    expect(await signInStaff(t.app, { ...staff, password: NEW_PASSWORD })).toBeTruthy();
  });

  it('mails a passkey removed and a password changed from « Mon compte »', async ({
    t,
    mailsTo,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'supervisor' });
    const member = { cookie: await signInStaff(t.app, staff) };
    await t.app.db
      .insertInto('passkeys')
      .values({
        id: 'c3VwZXJ2aXNldXI',
        account_id: null,
        staff_id: staff.id,
        public_key: Buffer.from('not a key'),
        counter: 0,
        transports: JSON.stringify(['internal']),
        name: 'Chrome 131 sur Linux',
      })
      .execute();
    const headers = { 'user-agent': FIREFOX };
    const removed = await consoleCall(
      t.app,
      member,
      'DELETE',
      '/me/passkeys/c3VwZXJ2aXNldXI',
      undefined,
      headers,
    );
    expect(removed.statusCode).toBe(204);
    const changed = await consoleCall(
      t.app,
      member,
      'PUT',
      CONSOLE_ROUTES.password,
      { oldPassword: staff.password, newPassword: NEW_PASSWORD },
      headers,
    );
    // 200: the passkeys the ended sessions added, none here (docs/decisions/0141).
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ passkeysAdded: [] });
    const mails = await notMeMails(() => mailsTo(staff.email), 2);
    for (const subject of ['Clé d’accès supprimée', 'Mot de passe modifié'])
      expect(
        mails.some((m) => m.text.includes(`<title>${subject} sur votre compte de la console`)),
      ).toBe(true);
    expect(mails.every((m) => m.text.includes('Firefox 133 sur Linux'))).toBe(true);
    expect(mails.every((m) => m.text.includes('Bonjour Sam Superviseur,'))).toBe(true);
  });
});
