// Staff passwords of their own (docs/console.md « Connexion », « Mon compte »,
// docs/decisions/0086-staff-temporary-passwords.md), through the real embedded provider: an
// account created with a temporary password (the supervisor's form, the CLI's function) is
// marked; its first sign-in proves both factors, then has the staff member choose a password
// under the CNIL rule (not the temporary one, not the e-mail, both fields alike) before any
// console session, and the temporary one then signs in no more; the demo accounts keep their
// documented password; a signed-in staff member changes theirs (current one first, counted),
// their other sessions end, the sign-in form's lock on the account is lifted, and it is in the
// audit log.
import {
  ACCOUNT_SECURITY_MESSAGES,
  newPasswordProblem,
  PASSWORD_RULE_MESSAGES,
  SAFE_TEXT_MESSAGE,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { down, up } from '../../../src/db/migrations/0032-staff-temporary-passwords';
import { createStaffAccount } from '../../../src/services/staff/staff-accounts';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall, staffSignedIn } from '../../support/console';
import {
  browser,
  createStaff,
  followToConsole,
  freshCode,
  locationOf,
  mustChangePassword,
  sealedTotpSecret,
  signInStaff,
  startStaffSignIn,
  totpCode,
} from '../../support/staff';

const NEW_PASSWORD = 'Horizon-Bleu-2027!';
const NEW_PAGE = 'Choisissez votre mot de passe';
const html = (text: string) => text.replace(/'/g, '&#39;');

describe.each(BACKENDS)('staff passwords (%s)', { timeout: 120_000 }, (backend) => {
  const it = apiTest
    .extend(
      'me',
      ({ t }) =>
        (cookie: string) =>
          t.app.inject({
            method: 'GET',
            url: '/backoffice/api/me',
            headers: { cookie, 'sec-fetch-site': 'same-origin' },
          }),
    )
    .extend(
      'marked',
      ({ t }) =>
        (email: string) =>
          mustChangePassword(t.app.db, email),
    )
    /** The password step in a new browser. */
    .extend('passwordStep', ({ t }) => async (email: string, password: string) => {
      const b = browser(t.app);
      const { interaction } = await startStaffSignIn(b);
      const sent = await b.post(`${interaction}/staff`, { email, password });
      return { b, interaction, sent };
    })
    .override({ backend });

  it('makes a member created by a supervisor choose their own password after enrolling, before any console session', async ({
    t,
    marked,
    me,
    passwordStep,
  }) => {
    const supervisor = await staffSignedIn(t.app, 'supervisor');
    const created = await consoleCall(t.app, supervisor, 'POST', '/staff', {
      email: 'premiere.connexion@courtage.test',
      displayName: 'Pia Première',
      role: 'agent',
    });
    expect(created.statusCode).toBe(201);
    const { email, temporaryPassword } = created.json<{
      email: string;
      temporaryPassword: string;
    }>();
    expect(await marked(email)).toBe(true);

    const { b, interaction, sent } = await passwordStep(email, temporaryPassword);
    const paths = {
      enrol: `${interaction}/staff/enrol`,
      next: `${interaction}/staff/new-password`,
    };
    expect(locationOf(sent)).toBe(paths.enrol);
    // Not before the second factor: the password step alone is sent back to the start.
    const early = await b.get(paths.next);
    expect(early.statusCode).toBe(303);
    expect(locationOf(early)).toBe(interaction);
    const secret = /data-totp-secret="([A-Z2-7]+)"/.exec((await b.get(paths.enrol)).body)![1]!;
    const codes = await b.post(paths.enrol, { code: totpCode(secret) });
    expect(codes.statusCode).toBe(200);
    expect(codes.body).toContain(`href="${paths.next}"`);
    expect(b.jar.get('espace-console')).toBeUndefined();

    const page = await b.get(paths.next);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(NEW_PAGE);
    expect(page.body).toContain('autocomplete="new-password"');
    const refusals: [Record<string, string>, string][] = [
      [{ newPassword: '', confirmation: '' }, ACCOUNT_SECURITY_MESSAGES.required],
      [{ newPassword: NEW_PASSWORD, confirmation: 'autre' }, ACCOUNT_SECURITY_MESSAGES.mismatch],
      [{ newPassword: 'court', confirmation: 'court' }, PASSWORD_RULE_MESSAGES.tooWeak],
      [
        { newPassword: temporaryPassword, confirmation: temporaryPassword },
        // 24 random characters of base64url: the same as before (unless the rule refuses it).
        newPasswordProblem(temporaryPassword) ?? PASSWORD_RULE_MESSAGES.sameAsOld,
      ],
      [
        { newPassword: `X1!${email}`, confirmation: `X1!${email}` },
        PASSWORD_RULE_MESSAGES.containsEmail,
      ],
      [
        { newPassword: 'Abc\u0000defgh12#x', confirmation: 'Abc\u0000defgh12#x' },
        SAFE_TEXT_MESSAGE,
      ],
    ];
    for (const [form, message] of refusals) {
      const refused = await b.post(paths.next, form);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.body).toContain(html(message));
      expect(b.jar.get('espace-console')).toBeUndefined();
    }
    expect(await marked(email)).toBe(true);

    const chosen = await b.post(paths.next, {
      newPassword: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    const callback = await followToConsole(b, chosen);
    expect(callback.statusCode).toBe(303);
    expect((await me(`espace-console=${b.jar.get('espace-console')}`)).statusCode).toBe(200);
    expect(await marked(email)).toBe(false);
    const [row] = (await auditRows(t.app, 'staff.password_changed')).filter(
      (r) => r.staff_email === email,
    );
    expect(row?.details).toMatchObject({ firstSignIn: true });

    // The temporary password signs in no more; the chosen one goes to the code, not to a change.
    const old = await passwordStep(email, temporaryPassword);
    expect(old.sent.statusCode).toBe(401);
    expect(old.sent.body).toContain('Adresse e-mail ou mot de passe incorrect.');
    const again = await passwordStep(email, NEW_PASSWORD);
    expect(locationOf(again.sent)).toBe(`${again.interaction}/staff/code`);
  });

  it('asks an enrolled account still on its temporary password for the code first, then a new password', async ({
    t,
    marked,
    passwordStep,
  }) => {
    const created = await createStaffAccount(t.app.db, {
      email: 'cli.enrole@courtage.test',
      displayName: 'Carl Cli',
      role: 'supervisor',
      createdBy: 'cli',
    });
    expect(await marked(created.email)).toBe(true);
    const staff = {
      ...created,
      password: created.temporaryPassword,
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    };
    await t.app.db
      .updateTable('staff_accounts')
      .set({ totp_secret: sealedTotpSecret(staff.totpSecret), totp_enrolled_at: new Date() })
      .where('id', '=', created.id)
      .execute();
    const { b, interaction, sent } = await passwordStep(created.email, created.temporaryPassword);
    expect(locationOf(sent)).toBe(`${interaction}/staff/code`);
    const code = await b.post(`${interaction}/staff/code`, {
      code: await freshCode(t.app.db, staff),
    });
    expect(code.statusCode).toBe(303);
    expect(locationOf(code)).toBe(`${interaction}/staff/new-password`);
    expect(b.jar.get('espace-console')).toBeUndefined();
    // Another interaction's proven step opens nothing here.
    const other = browser(t.app);
    const { interaction: otherInteraction } = await startStaffSignIn(other);
    other.jar.store({
      cookies: [{ name: 'espace_staff_step', value: b.jar.get('espace_staff_step')! }],
    } as never);
    const crossed = await other.get(`${otherInteraction}/staff/new-password`);
    expect(crossed.statusCode).toBe(303);
    const chosen = await b.post(`${interaction}/staff/new-password`, {
      newPassword: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect((await followToConsole(b, chosen)).statusCode).toBe(303);
    expect(b.jar.get('espace-console')).toBeTruthy();
  });

  it('keeps the demo staff accounts on their documented password: no change asked', async ({
    marked,
  }) => {
    expect(await marked('conseiller@courtage-horizon.test')).toBe(false);
    expect(await marked('superviseur@courtage-horizon.test')).toBe(false);
  });

  it('marks the accounts that exist before the migration, except the demo’s; a marked account’s session opens nothing', async ({
    t,
    marked,
    me,
  }) => {
    const signedIn = await staffSignedIn(t.app, 'agent');
    expect((await me(signedIn.cookie)).statusCode).toBe(200);
    await down(t.app.db as never);
    await up(t.app.db as never);
    expect(await marked('conseiller@courtage-horizon.test')).toBe(false);
    expect(await marked('cli.enrole@courtage.test')).toBe(true);
    expect(await marked(signedIn.email)).toBe(true);
    expect((await me(signedIn.cookie)).statusCode).toBe(401);
    await t.app.db.updateTable('staff_accounts').set({ must_change_password: false }).execute();
  });

  it('lets a staff member change their password: the current one first, the rule, the other sessions end, audited', async ({
    t,
    me,
    passwordStep,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    const here = { cookie: await signInStaff(t.app, staff) };
    const elsewhere = { cookie: await signInStaff(t.app, staff) };
    const change = (body: object, headers?: Record<string, string>) =>
      consoleCall(t.app, here, 'PUT', '/me/password', body, headers);
    const hash = async () =>
      (
        await t.app.db
          .selectFrom('staff_accounts')
          .select('password_hash')
          .where('id', '=', staff.id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const before = await hash();
    const refusals: [object, string, string][] = [
      [
        { oldPassword: 'mauvais', newPassword: NEW_PASSWORD },
        'oldPassword',
        ACCOUNT_SECURITY_MESSAGES.wrongPassword,
      ],
      [
        { oldPassword: staff.password, newPassword: 'court' },
        'newPassword',
        PASSWORD_RULE_MESSAGES.tooWeak,
      ],
      [
        { oldPassword: staff.password, newPassword: staff.password },
        'newPassword',
        PASSWORD_RULE_MESSAGES.sameAsOld,
      ],
      [
        { oldPassword: staff.password, newPassword: `X1!${staff.email}` },
        'newPassword',
        PASSWORD_RULE_MESSAGES.containsEmail,
      ],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await change(body);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.fields[field]).toBe(message);
    }
    // A write needs the console's header (another site's form cannot send it).
    const crossSite = await change(
      { oldPassword: staff.password, newPassword: NEW_PASSWORD },
      { 'x-espace-request': '' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await hash()).toBe(before);
    expect((await me(elsewhere.cookie)).statusCode).toBe(200);
    // Someone guesses at the sign-in form: the account is locked there for the window.
    for (let i = 0; i < 5; i++) {
      const guess = await passwordStep(staff.email, 'Mauvais-Mot-de-Passe-42!');
      expect(guess.sent.statusCode).toBe(401);
    }

    const done = await change({ oldPassword: staff.password, newPassword: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    // The other session added no passkey: nothing to remove.
    expect(done.json()).toEqual({ passkeysAdded: [] });
    // This browser gets a new cookie; a copy of its old one (a thief's) opens nothing any more.
    const renewed = done.cookies.find((c) => here.cookie.startsWith(`${c.name}=`));
    expect(renewed?.value).toMatch(/^[\w-]{43}$/);
    expect((await me(`${renewed!.name}=${renewed!.value}`)).statusCode).toBe(200);
    expect((await me(here.cookie)).statusCode).toBe(401);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
    const rows = (await auditRows(t.app, 'staff.password_changed')).filter(
      (r) => r.staff_id === staff.id,
    );
    expect(rows.map((r) => r.details)).toEqual([{ firstSignIn: false, sessionsEnded: 1 }]);
    // The change cleared the form's count: the old password is wrong (not locked), the new one
    // signs in at once.
    expect((await passwordStep(staff.email, staff.password)).sent.statusCode).toBe(401);
    const next = await passwordStep(staff.email, NEW_PASSWORD);
    expect(locationOf(next.sent)).toBe(`${next.interaction}/staff/code`);
  });

  it('counts wrong current passwords: the sixth in the window is refused with 429', async ({
    t,
  }) => {
    const staff = await staffSignedIn(t.app, 'agent');
    const wrong = { oldPassword: 'mauvais', newPassword: NEW_PASSWORD };
    for (let i = 0; i < 5; i++)
      expect((await consoleCall(t.app, staff, 'PUT', '/me/password', wrong)).statusCode).toBe(400);
    const locked = await consoleCall(t.app, staff, 'PUT', '/me/password', wrong);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(ACCOUNT_SECURITY_MESSAGES.tooManyAttempts);
  });
});
