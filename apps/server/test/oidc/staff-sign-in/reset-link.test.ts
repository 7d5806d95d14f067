// No staff member acts as another (docs/console.md « Comptes »,
// docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md): a supervisor's reset
// of an agent's second factor forgets the password too and mails the agent, at their own
// address, a single-use link; the supervisor, who knew the agent's password and had even begun a
// sign-in as the agent, can neither sign in nor enrol; the agent alone sets a password by the
// link and enrols; the journal has the reset under the supervisor's name and the re-enrolment
// under the agent's. A server without mail refuses the reset and changes nothing; a link used,
// replaced or expired no longer works; a link spent while the access is reset again never
// deadlocks on PostgreSQL.
import { describe, expect } from 'vitest';
import { NotFoundError } from '../../../src/services/errors';
import { cliActor } from '../../../src/services/staff/audit';
import {
  resetStaffAccess,
  setStaffPasswordFromLink,
} from '../../../src/services/staff/staff-links';
import { apiTest, SMTP } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall } from '../../support/console';
import { createTestApp } from '../../support/harness';
import { mailedLink, mailsTo, setPasswordByLink, signInAndEnrol } from '../../support/staff-link';
import {
  browser,
  createStaff,
  freshCode,
  locationOf,
  signInStaff,
  startStaffSignIn,
  totpCode,
  type TestStaff,
} from '../../support/staff';

const CHOSEN = 'Retour-en-Selle-2027!';
const INVALID = 'Ce lien ne fonctionne plus';
/** The console's sender. */
const CONSOLE_SMTP = { ...SMTP, from: 'console@courtage-horizon.test' };

describe.each(BACKENDS)('a second factor reset by mail (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    /** A supervisor of the test's own (a password to know), signed in to the console. */
    .extend('boss', ({ t, once }) =>
      once('boss', async (): Promise<TestStaff & { cookie: string }> => {
        const staff = await createStaff(t.app.db, { role: 'supervisor' });
        return { ...staff, cookie: await signInStaff(t.app, staff) };
      }),
    )
    .extend(
      'reset',
      ({ t, boss }) =>
        (id: string) =>
          consoleCall(t.app, boss, 'POST', `/staff/${id}/second-factor-reset`),
    )
    .extend('passwordStep', ({ t }) => async (email: string, password: string) => {
      const b = browser(t.app);
      const { interaction } = await startStaffSignIn(b);
      return { b, interaction, sent: await b.post(`${interaction}/staff`, { email, password }) };
    })
    .override({ backend, smtp: CONSOLE_SMTP });

  it('leaves the supervisor who reset nothing to sign in or enrol with; the agent alone gets back in by the mailed link', async ({
    t,
    mail,
    boss: supervisor,
    reset,
    passwordStep,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    const agentCookie = await signInStaff(t.app, agent);
    // The supervisor knows the agent's password and passes its step before resetting.
    const early = await passwordStep(agent.email, agent.password);
    expect(locationOf(early.sent)).toBe(`${early.interaction}/staff/code`);

    const done = await reset(agent.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ delivery: 'mail', email: agent.email });
    expect(done.body).not.toMatch(/token|http/);

    // The old password signs in no more, with the same answer as any wrong one.
    const again = await passwordStep(agent.email, agent.password);
    expect(again.sent.statusCode).toBe(401);
    expect(again.sent.body).toContain('Adresse e-mail ou mot de passe incorrect.');
    // The step reached before the reset starts over: no enrolment page, no enrolment.
    const enrolPage = await early.b.get(`${early.interaction}/staff/enrol`);
    expect(enrolPage.statusCode).toBe(303);
    expect(locationOf(enrolPage)).toBe(early.interaction);
    const enrolPost = await early.b.post(`${early.interaction}/staff/enrol`, {
      code: totpCode(agent.totpSecret),
    });
    expect(locationOf(enrolPost)).toBe(early.interaction);
    const pending = await t.app.db
      .selectFrom('staff_accounts')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(pending).toEqual({ totp_secret: null, totp_pending_secret: null });
    expect((await consoleCall(t.app, { cookie: agentCookie }, 'GET', '/me')).statusCode).toBe(401);

    // The link went to the agent's address, and to nobody else.
    const { text, path } = await mailedLink(mail, agent.email);
    expect(text).toContain('Sam Superviseur a réinitialisé votre accès');
    expect(text).toContain('valable 24\u00a0heures et une seule fois');
    expect(mailsTo(mail, supervisor.email)).toEqual([]);

    // The link's page refuses a bad password in French, nothing changed.
    const b = browser(t.app);
    const page = await b.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choisissez votre nouveau mot de passe');
    const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const mismatch = await b.post('/interaction/staff-link', {
      token,
      newPassword: CHOSEN,
      confirmation: `${CHOSEN}x`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Les mots de passe ne sont pas identiques');
    const weak = await b.post('/interaction/staff-link', {
      token,
      newPassword: 'court',
      confirmation: 'court',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('aria-invalid="true"');

    const set = await setPasswordByLink(t.app, path, CHOSEN);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.body).toContain('Mot de passe enregistré');
    // Once only.
    expect((await b.get(path)).body).toContain(INVALID);
    const reused = await b.post('/interaction/staff-link', {
      token,
      newPassword: `${CHOSEN}2`,
      confirmation: `${CHOSEN}2`,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain(INVALID);

    // The supervisor's old knowledge is worth nothing; the agent signs in and enrols.
    expect((await passwordStep(agent.email, agent.password)).sent.statusCode).toBe(401);
    const back = await signInAndEnrol(t.app, agent.email, CHOSEN);
    const me = await consoleCall(t.app, { cookie: back.cookie }, 'GET', '/me');
    expect(me.json()).toMatchObject({ id: agent.id, email: agent.email });

    // The journal: the reset under the supervisor, the way back under the agent.
    const rows = (
      await t.app.db
        .selectFrom('staff_audit')
        .select(['staff_id', 'staff_email', 'action', 'target_id', 'details'])
        .where((eb) => eb.or([eb('staff_id', '=', agent.id), eb('target_id', '=', agent.id)]))
        .where('action', 'in', [
          'staff.second_factor_reset',
          'staff.password_changed',
          'staff.enrolled',
          'staff.sign_in_failed',
        ])
        .orderBy('seq')
        .execute()
    ).slice(-5);
    // The two sign-ins refused with the old password, between the reset and the new password.
    const failed = {
      staff_id: agent.id,
      staff_email: agent.email,
      action: 'staff.sign_in_failed',
      target_id: agent.id,
      details: { reason: 'password' },
    };
    expect(rows).toEqual([
      {
        staff_id: supervisor.id,
        staff_email: supervisor.email,
        action: 'staff.second_factor_reset',
        target_id: agent.id,
        details: { email: agent.email, delivery: 'mail' },
      },
      failed,
      {
        staff_id: agent.id,
        staff_email: agent.email,
        action: 'staff.password_changed',
        target_id: agent.id,
        details: { via: 'link' },
      },
      failed,
      {
        staff_id: agent.id,
        staff_email: agent.email,
        action: 'staff.enrolled',
        target_id: agent.id,
        details: null,
      },
    ]);
    const page2 = await consoleCall(t.app, supervisor, 'GET', `/audit?staff=${agent.id}`);
    const labels = page2
      .json<{ items: { actionLabel: string }[] }>()
      .items.map((i) => i.actionLabel);
    expect(labels).toContain('Activation de la double authentification');
    expect(labels).toContain('Changement de son mot de passe');
  });

  it('a newer link replaces the older one; an expired link no longer works', async ({
    t,
    mail,
    reset,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    expect((await reset(agent.id)).statusCode).toBe(200);
    const first = await mailedLink(mail, agent.email, 1);
    expect((await reset(agent.id)).statusCode).toBe(200);
    const second = await mailedLink(mail, agent.email, 2);
    expect((await browser(t.app).get(first.path)).body).toContain(INVALID);
    await t.app.db
      .updateTable('staff_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('staff_id', '=', agent.id)
      .execute();
    const expired = await browser(t.app).get(second.path);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(INVALID);
  });

  it('refuses a disabled account and an unknown one, changing nothing', async ({
    t,
    mail,
    boss: supervisor,
    reset,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    expect(
      (await consoleCall(t.app, supervisor, 'POST', `/staff/${agent.id}/disable`)).statusCode,
    ).toBe(204);
    const disabled = await reset(agent.id);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error.message).toBe('Ce compte est désactivé.');
    expect((await reset('nobody')).statusCode).toBe(404);
    expect(mailsTo(mail, agent.email)).toEqual([]);
    const rows = (await auditRows(t.app, 'staff.second_factor_reset')).filter(
      (r) => r.target_id === agent.id,
    );
    expect(rows).toEqual([]);
  });

  // PGlite runs one statement at a time; PostgreSQL's row locks are what can deadlock.
  it.runIf(backend === 'postgres')(
    'spends a link while the same access is reset again, both at once, without a deadlock',
    async ({ t }) => {
      const agent = await createStaff(t.app.db, { role: 'agent' });
      // The operator's reset, the link printed (its token, here) rather than mailed.
      const deps = {
        db: t.app.db,
        outbox: { mail: false, wake: () => undefined },
        log: { info: () => undefined },
        demoMode: false,
        linkFor: (token: string) => token,
      };
      const resetAgain = () =>
        resetStaffAccess(deps, cliActor(), { id: agent.id }, { printLink: true });
      let token = (await resetAgain()).link!;
      for (let i = 0; i < 25; i++) {
        const [spent, reset] = await Promise.allSettled([
          setStaffPasswordFromLink(t.app.db, token, `${CHOSEN}${i}`, {}),
          resetAgain(),
        ]);
        // Either order is right: the link spent and then replaced, or replaced first (refused).
        if (spent.status === 'rejected') expect(spent.reason).toBeInstanceOf(NotFoundError);
        if (reset.status === 'rejected') throw reset.reason;
        token = reset.value.link!;
      }
    },
  );

  it.runIf(backend === 'pglite')(
    'refuses the reset on a server that sends no mail (not in demo mode), changing nothing',
    async () => {
      const bare = await createTestApp(backend, { demoMode: false });
      try {
        const boss = await createStaff(bare.app.db, { role: 'supervisor' });
        const cookie = await signInStaff(bare.app, boss);
        const agent = await createStaff(bare.app.db, { role: 'agent' });
        const code = await freshCode(bare.app.db, agent);
        const refused = await consoleCall(
          bare.app,
          { cookie },
          'POST',
          `/staff/${agent.id}/second-factor-reset`,
        );
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.message).toContain('staff reset-2fa');
        // The agent still signs in with their password and code.
        const b = browser(bare.app);
        const { interaction } = await startStaffSignIn(b);
        const sent = await b.post(`${interaction}/staff`, {
          email: agent.email,
          password: agent.password,
        });
        expect(locationOf(sent)).toBe(`${interaction}/staff/code`);
        expect((await b.post(locationOf(sent), { code })).statusCode).toBe(303);
        expect(await auditRows(bare.app, 'staff.second_factor_reset')).toEqual([]);
      } finally {
        await bare.close();
      }
    },
  );
});
