// What the journal records of refusals (docs/console.md « Journal »): a failed staff sign-in
// (a wrong password under the account tried, an e-mail of no account as typed and cut short, a
// sign-in refused by the throttle: once, when its limit is crossed, so a flood adds a few rows),
// a refused second-factor code (TOTP or recovery, never the code itself) and an action refused by
// role (the route an agent tried), each with its address and browser, shown in French on the
// journal's page and in its CSV export.
import type { AuditPage } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall, staffSignedIn } from '../../support/console';
import { browser, createStaff, freshCode, locationOf, startStaffSignIn } from '../../support/staff';

const WRONG = 'Mauvais-Mot-de-Passe-42!';

describe.each(BACKENDS)('refusals in the staff journal (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('passwordStep', ({ t }) => async (email: string, password: string) => {
      const b = browser(t.app);
      const { interaction } = await startStaffSignIn(b);
      return { b, sent: await b.post(`${interaction}/staff`, { email, password }) };
    })
    .extend(
      'rowsOf',
      ({ t }) =>
        async (action: string, where: (row: Record<string, unknown>) => boolean) =>
          (await auditRows(t.app, action)).filter(where),
    )
    .override({ backend });

  it('records failed sign-ins: a wrong password under its account, an unknown e-mail as typed, the throttle', async ({
    t,
    passwordStep,
    rowsOf,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    expect((await passwordStep(agent.email, WRONG)).sent.statusCode).toBe(401);
    const [wrong] = await rowsOf('staff.sign_in_failed', (r) => r.staff_id === agent.id);
    expect(wrong).toMatchObject({
      staff_email: agent.email,
      target_kind: 'staff',
      target_id: agent.id,
      address: '127.0.0.1',
      details: { reason: 'password' },
    });
    expect(JSON.stringify(wrong)).not.toContain(WRONG);

    const typed = `Inconnu.${'x'.repeat(120)}@Courtier.test`;
    expect((await passwordStep(typed, WRONG)).sent.statusCode).toBe(401);
    const [unknown] = await rowsOf('staff.sign_in_failed', (r) => r.staff_id === 'unknown');
    expect(unknown).toMatchObject({
      staff_email: typed.toLowerCase().slice(0, 100),
      target_id: null,
      details: { reason: 'unknown' },
    });
    expect(JSON.stringify(unknown)).not.toContain(WRONG);

    for (let i = 0; i < 4; i++) await passwordStep(agent.email, WRONG);
    expect((await passwordStep(agent.email, agent.password)).sent.statusCode).toBe(429);
    const throttled = await rowsOf(
      'staff.sign_in_failed',
      (r) =>
        r.staff_email === agent.email && (r.details as { reason: string }).reason === 'throttled',
    );
    expect(throttled).toHaveLength(1);
  });

  it('keeps a flood from one address to a few rows: the throttle is journaled when crossed, not at each post', async ({
    t,
    rowsOf,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    /** 100 posts from `address`, the forms' per-minute limit passed as four minutes would. */
    const flood = async (address: string, email: (i: number) => string) => {
      const b = browser(t.app, undefined, address);
      const { interaction } = await startStaffSignIn(b);
      for (let i = 0; i < 100; i++) {
        if (i % 25 === 0)
          await t.app.db
            .deleteFrom('rate_limit_counters')
            .where('key', 'like', `%${address}`)
            .execute();
        await b.post(`${interaction}/staff`, { email: email(i), password: WRONG });
      }
      const rows = await rowsOf('staff.sign_in_failed', (r) => r.address === address);
      return rows.map((r) => (r.details as { reason: string }).reason);
    };
    // 5 wrong passwords, then the account's limit crossed (6th), then the address's (31st).
    expect(await flood('203.0.113.50', () => agent.email)).toEqual([
      ...Array<string>(5).fill('password'),
      'throttled',
      'throttled',
    ]);
    // Unknown e-mails: each counted by the address's throttle, so 30 rows, then its crossing.
    expect(await flood('203.0.113.51', (i) => `inconnu-${i}@courtier.test`)).toEqual([
      ...Array<string>(30).fill('unknown'),
      'throttled',
    ]);
  });

  it('records refused codes, TOTP and recovery, without the code', async ({
    t,
    passwordStep,
    rowsOf,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    const { b, sent } = await passwordStep(agent.email, agent.password);
    const codePath = locationOf(sent);
    const right = await freshCode(t.app.db, agent);
    const wrongCode = right === '000000' ? '111111' : '000000';
    expect((await b.post(codePath, { code: wrongCode })).statusCode).toBe(401);
    expect((await b.post(codePath, { code: 'ABCDE-FGHJK' })).statusCode).toBe(401);
    const refused = await rowsOf('staff.code_refused', (r) => r.staff_id === agent.id);
    expect(refused.map((r) => r.details)).toEqual([
      { step: 'code', reason: 'wrong' },
      { step: 'code', reason: 'wrong' },
    ]);
    expect(refused[0]).toMatchObject({ staff_email: agent.email, target_id: agent.id });
    expect(JSON.stringify(refused)).not.toMatch(/000000|111111|ABCDE/);
    for (let i = 0; i < 3; i++) await b.post(codePath, { code: wrongCode });
    expect((await b.post(codePath, { code: right })).statusCode).toBe(429);
    const all = await rowsOf('staff.code_refused', (r) => r.staff_id === agent.id);
    expect(all.at(-1)!.details).toEqual({ step: 'code', reason: 'throttled' });
  });

  it('records each action refused by role with its route', async ({ t, rowsOf }) => {
    const agent = await staffSignedIn(t.app, 'agent');
    const target = await createStaff(t.app.db, { role: 'agent' });
    const tries = [
      ['POST', '/staff', { email: 'x@courtier.test', displayName: 'X', role: 'agent' }],
      ['POST', `/staff/${target.id}/disable`],
      ['POST', `/staff/${target.id}/second-factor-reset`],
      ['GET', '/staff?include=disabled'],
    ] as const;
    for (const [method, path, body] of tries)
      expect((await consoleCall(t.app, agent, method, path, body)).statusCode, path).toBe(403);
    const rows = await rowsOf('staff.action_refused', (r) => r.staff_id === agent.id);
    expect(rows.map((r) => r.target_id)).toEqual([
      'POST /backoffice/api/staff',
      'POST /backoffice/api/staff/:id/disable',
      'POST /backoffice/api/staff/:id/second-factor-reset',
      'GET /backoffice/api/staff',
    ]);
    expect(rows[0]).toMatchObject({ staff_email: agent.email, user_agent: 'Console test' });
  });

  it('shows them in French on the journal’s page and in its CSV export', async ({
    t,
    supervisor,
  }) => {
    const page = await consoleCall(t.app, supervisor, 'GET', '/audit');
    const labels = new Set(page.json<AuditPage>().items.map((i) => i.actionLabel));
    for (const label of [
      'Connexion à la console refusée',
      'Code de double authentification refusé',
      'Action refusée, réservée aux superviseurs',
    ])
      expect(labels).toContain(label);
    const csv = (await consoleCall(t.app, supervisor, 'GET', '/audit.csv')).rawPayload.toString();
    expect(csv).toContain('"Connexion à la console refusée";"staff.sign_in_failed"');
    expect(csv).toContain('"Code de double authentification refusé";"staff.code_refused"');
  });
});
