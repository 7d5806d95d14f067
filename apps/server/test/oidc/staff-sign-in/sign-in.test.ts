// The staff console's sign-in (docs/console.md « Connexion »,
// docs/decisions/0082-staff-sign-in-with-a-second-factor.md), through the real embedded provider:
// enrolment from the page's own secret, the recovery codes shown once, TOTP codes used once,
// recovery codes used once, wrong codes and wrong passwords throttled, and the two kinds of
// subject kept apart (a customer's provider session never gives a console code, a staff
// member's never opens a customer's portal session).
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { spaRedirectUris } from '../../../src/oidc/provider/provider';
import { createStaffAccount } from '../../../src/services/staff/staff-accounts';
import { DEMO, signInSession } from '../../support/harness';
import {
  browser,
  createStaff,
  followToConsole,
  freshCode,
  locationOf,
  signInStaff,
  startStaffSignIn,
  totpCode,
  type TestStaff,
} from '../../support/staff';

const STAFF_FORM = 'Console du courtier — connexion';
const CHOSEN = 'Recrue-du-Mois-2027!';

describe('staff console sign-in', () => {
  const it = apiTest
    .extend(
      'me',
      ({ t }) =>
        (cookie: string) =>
          t.app.inject({ method: 'GET', url: '/backoffice/api/me', headers: { cookie } }),
    )
    /** Password step of a new browser: the browser and where it was sent next. */
    .extend('password', ({ t }) => async (email: string, secret: string) => {
      const b = browser(t.app);
      const { interaction } = await startStaffSignIn(b);
      const answer = await b.post(`${interaction}/staff`, { email, password: secret });
      return { b, interaction, answer };
    });

  const consoleCookie = (b: ReturnType<typeof browser>) =>
    `espace-console=${b.jar.get('espace-console') ?? ''}`;

  let recoveryCodes: string[] = [];
  let enrolled: TestStaff;

  it('enrols a new staff member: QR code and secret, a code, recovery codes shown once, then the console', async ({
    t,
    me,
  }) => {
    const created = await createStaffAccount(t.app.db, {
      email: 'Nouvelle.Recrue@Courtage.test',
      displayName: 'Nina Recrue',
      role: 'agent',
      createdBy: 'test',
    });
    expect(created.email).toBe('nouvelle.recrue@courtage.test');
    const b = browser(t.app);
    const { interaction, page } = await startStaffSignIn(b, '/backoffice/demandes?page=2');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(STAFF_FORM);
    expect(page.body).toContain(`action="${interaction}/staff"`);
    const sent = await b.post(`${interaction}/staff`, {
      email: created.email,
      password: created.temporaryPassword,
    });
    expect(sent.statusCode).toBe(303);
    expect(locationOf(sent)).toBe(`${interaction}/staff/enrol`);
    const enrol = await b.get(`${interaction}/staff/enrol`);
    expect(enrol.body).toContain('<svg');
    expect(enrol.body).toContain('autocomplete="one-time-code"');
    expect(enrol.body).toContain('inputmode="numeric"');
    const secret = /data-totp-secret="([A-Z2-7]+)"/.exec(enrol.body)![1]!;
    // Reloading shows the same secret: the QR code scanned stays the right one.
    expect((await b.get(`${interaction}/staff/enrol`)).body).toContain(secret);
    const wrong = await b.post(`${interaction}/staff/enrol`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Code incorrect');
    const done = await b.post(`${interaction}/staff/enrol`, { code: totpCode(secret) });
    expect(done.statusCode).toBe(200);
    recoveryCodes = [...done.body.matchAll(/<li><code>([A-Z0-9-]+)<\/code><\/li>/g)].map(
      (m) => m[1]!,
    );
    expect(recoveryCodes).toHaveLength(10);
    const stored = await t.app.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('staff_id', '=', created.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    // A new account's password was read by whoever created it: the staff member chooses their
    // own before the console (oidc/staff-sign-in/passwords.test.ts).
    const href = /<a class="button-link" href="([^"]+)"/.exec(done.body)![1]!;
    expect(href).toBe(`${interaction}/staff/new-password`);
    const chosen = await b.post(href, { newPassword: CHOSEN, confirmation: CHOSEN });
    const callback = await followToConsole(b, chosen);
    expect(callback.statusCode).toBe(303);
    expect(locationOf(callback)).toBe('/backoffice/demandes?page=2');
    const setCookie = String(callback.headers['set-cookie']);
    expect(setCookie).toMatch(
      /espace-console=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=28800/,
    );
    const who = await me(consoleCookie(b));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({
      id: created.id,
      email: created.email,
      displayName: 'Nina Recrue',
      role: 'agent',
    });
    const audit = await t.app.db
      .selectFrom('staff_audit')
      .select('action')
      .where('staff_id', '=', created.id)
      .orderBy('seq')
      .execute();
    // The wrong code at enrolment and the enrolment itself are in the journal too.
    expect(audit.map((a) => a.action)).toEqual([
      'staff.code_refused',
      'staff.enrolled',
      'staff.password_changed',
      'staff.signed_in',
    ]);
    enrolled = {
      id: created.id,
      email: created.email,
      password: CHOSEN,
      role: 'agent',
      totpSecret: secret,
    };
  });

  it('takes a recovery code once, and refuses it the second time', async ({ me, password }) => {
    const first = await password(enrolled.email, enrolled.password);
    const code = await first.b.post(locationOf(first.answer), { code: recoveryCodes[0]! });
    expect((await followToConsole(first.b, code)).statusCode).toBe(303);
    expect((await me(consoleCookie(first.b))).statusCode).toBe(200);
    const again = await password(enrolled.email, enrolled.password);
    const refused = await again.b.post(locationOf(again.answer), {
      code: recoveryCodes[0]!.toLowerCase(),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('Code incorrect ou déjà utilisé.');
    expect(again.b.jar.get('espace-console')).toBeUndefined();
  });

  it('signs a returning staff member in with a TOTP code, and refuses the same code replayed', async ({
    t,
    me,
    password,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'supervisor' });
    const code = await freshCode(t.app.db, staff);
    const first = await password(staff.email, staff.password);
    expect(locationOf(first.answer)).toBe(`${first.interaction}/staff/code`);
    // An enrolled account cannot enrol again with the password only.
    const enrol = await first.b.get(`${first.interaction}/staff/enrol`);
    expect(locationOf(enrol)).toBe(`${first.interaction}/staff/code`);
    const page = await first.b.get(locationOf(first.answer));
    expect(page.body).toContain('autocomplete="one-time-code"');
    const ok = await first.b.post(locationOf(first.answer), { code });
    expect((await followToConsole(first.b, ok)).statusCode).toBe(303);
    expect((await me(consoleCookie(first.b))).json()).toMatchObject({ role: 'supervisor' });
    const replay = await password(staff.email, staff.password);
    const refused = await replay.b.post(locationOf(replay.answer), { code });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('Code incorrect ou déjà utilisé.');
  });

  it('refuses the code step without the password step, and with another interaction’s step', async ({
    t,
    password,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    const b = browser(t.app);
    const { interaction } = await startStaffSignIn(b);
    const skipped = await b.post(`${interaction}/staff/code`, { code: totpCode(staff.totpSecret) });
    expect(skipped.statusCode).toBe(303);
    expect(locationOf(skipped)).toBe(interaction);
    const other = await password(staff.email, staff.password);
    const step = other.b.jar.get('espace_staff_step')!;
    b.jar.store({ cookies: [{ name: 'espace_staff_step', value: step }] } as never);
    const crossed = await b.post(`${interaction}/staff/code`, { code: totpCode(staff.totpSecret) });
    expect(crossed.statusCode).toBe(303);
    expect(b.jar.get('espace-console')).toBeUndefined();
  });

  it('refuses the sign-in after 5 wrong codes, even with the right one', async ({
    t,
    password,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    const { b, answer } = await password(staff.email, staff.password);
    const codePath = locationOf(answer);
    for (let i = 0; i < 5; i++)
      expect((await b.post(codePath, { code: 'AAAAA-AAAAA' })).statusCode).toBe(401);
    const locked = await b.post(codePath, { code: await freshCode(t.app.db, staff) });
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Trop de codes incorrects');
  });

  it('throttles wrong passwords like the customers’ sign-in, apart from their counts', async ({
    t,
    password,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    for (let i = 0; i < 5; i++)
      expect((await password(staff.email, 'mauvais-mot-de-passe')).answer.statusCode).toBe(401);
    const locked = await password(staff.email, staff.password);
    expect(locked.answer.statusCode).toBe(429);
    expect(locked.answer.body).toContain('Trop de tentatives');
    const keys = await t.app.db.selectFrom('sign_in_throttle').select('key').execute();
    expect(keys.map((k) => k.key)).toContain(`account:staff:${staff.email}`);
  });

  it('shows the staff form to a browser with a customer’s provider session, and gives no console code', async ({
    t,
  }) => {
    const { jar } = await signInSession(t.app, t.config, DEMO.camille);
    const b = browser(t.app, jar);
    const { interaction, page } = await startStaffSignIn(b);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(STAFF_FORM);
    const customer = await b.post(`${interaction}/staff`, {
      email: DEMO.camille,
      password: DEMO.password,
    });
    expect(customer.statusCode).toBe(401);
    const customerForm = await b.post(`${interaction}/login`, {
      email: DEMO.camille,
      password: DEMO.password,
    });
    expect(customerForm.statusCode).toBe(400);
    expect(b.jar.get('espace-console')).toBeUndefined();
  });

  it('never opens a customer’s portal session or token for a staff member', async ({ t }) => {
    const staff = await createStaff(t.app.db, { role: 'supervisor' });
    const b = browser(t.app);
    const { interaction } = await startStaffSignIn(b);
    const sent = await b.post(`${interaction}/staff`, {
      email: staff.email,
      password: staff.password,
    });
    const code = await b.post(locationOf(sent), { code: await freshCode(t.app.db, staff) });
    expect((await followToConsole(b, code)).statusCode).toBe(303);
    // The same browser, with the staff member's provider session, for the customers' clients:
    // the customers' sign-in form again, never a code.
    for (const clientId of [t.config.oidc.clientId, 'espace-assure-portal']) {
      const auth = await b.get(
        `/oidc/auth?${new URLSearchParams({
          client_id: clientId,
          redirect_uri: spaRedirectUris(t.config.publicUrl).redirect,
          response_type: 'code',
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          state: 'etat',
        })}`,
      );
      const next = locationOf(auth);
      expect(next).toMatch(/^\/interaction\//);
      const form = await b.get(next);
      expect(form.body).not.toContain(STAFF_FORM);
      expect(form.body).toMatch(/action="\/interaction\/[^"]+\/login"/);
    }
    expect(b.jar.get('espace-session')).toBeUndefined();
  });

  it('gives a staff member nothing of the customer API or the integration API', async ({
    t,
    me,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'supervisor' });
    const cookie = await signInStaff(t.app, staff);
    const secret = cookie.slice(cookie.indexOf('=') + 1);
    const accountId = (await t.app.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow())
      .id;
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    // The console's cookie, and its secret under the portal's cookie name: not a customer.
    for (const header of [cookie, `espace-session=${secret}`]) {
      const policies = await t.app.inject({
        method: 'GET',
        url: `/api/v1/policy/accounts/${accountId}`,
        headers: { cookie: header, ...sameOrigin },
      });
      expect(policies.statusCode).toBe(401);
      const records = await t.app.inject({
        method: 'GET',
        url: '/backoffice/v1/events',
        headers: { cookie: header, ...sameOrigin },
      });
      expect(records.statusCode).toBe(401);
    }
    // The same cookie still opens the console.
    expect((await me(cookie)).statusCode).toBe(200);
  });
});
