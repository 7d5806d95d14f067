// A supervisor's hold on the team's accounts (docs/console.md « Comptes »): disabling an
// account ends its console sessions at once and it signs in no more; resetting the second factor
// and the password mails the member a link (oidc/staff-sign-in/reset-link.test.ts: the whole way back); both
// are supervisors' (an agent gets 403, another site
// 403, nothing changed), audited, refused on one's own account (disable) or an unknown id (404);
// the list says who is enrolled and enabled, the disabled ones for supervisors only.
import type { StaffListing } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall } from '../../support/console';
import {
  browser,
  createStaff,
  signInStaff,
  startStaffSignIn,
  type TestStaff,
} from '../../support/staff';

describe.each(BACKENDS)('a supervisor’s hold on the team (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    /** An enrolled agent, signed in through the real sign-in: their console cookie. */
    .extend('signedInAgent', ({ t }) => async (): Promise<TestStaff & { cookie: string }> => {
      const agent = await createStaff(t.app.db, { role: 'agent' });
      return { ...agent, cookie: await signInStaff(t.app, agent) };
    })
    .extend('passwordStep', ({ t }) => async (staff: TestStaff) => {
      const b = browser(t.app);
      const { interaction } = await startStaffSignIn(b);
      const sent = await b.post(`${interaction}/staff`, {
        email: staff.email,
        password: staff.password,
      });
      return { interaction, sent };
    })
    .extend('listing', ({ t, supervisor }) => async (id: string) => {
      const all = await consoleCall(t.app, supervisor, 'GET', '/staff?include=disabled');
      expect(all.statusCode).toBe(200);
      return all.json<StaffListing[]>().find((member) => member.id === id);
    })
    .override({ backend });

  it('is for supervisors: an agent, another site or no session change nothing', async ({
    t,
    supervisor,
    listing,
    signedInAgent,
  }) => {
    const agent = await signedInAgent();
    const target = await createStaff(t.app.db, { role: 'agent' });
    for (const action of ['disable', 'second-factor-reset']) {
      const path = `/staff/${target.id}/${action}`;
      expect((await consoleCall(t.app, agent, 'POST', path)).statusCode, path).toBe(403);
      const crossSite = { 'sec-fetch-site': 'cross-site' };
      const other = await consoleCall(t.app, supervisor, 'POST', path, undefined, crossSite);
      expect(other.statusCode, path).toBe(403);
      expect((await consoleCall(t.app, null, 'POST', path)).statusCode, path).toBe(401);
    }
    expect(await listing(target.id)).toMatchObject({ enrolled: true, enabled: true });
    const disabledList = await consoleCall(t.app, agent, 'GET', '/staff?include=disabled');
    expect(disabledList.statusCode).toBe(403);
    const bad = await consoleCall(t.app, supervisor, 'GET', '/staff?include=everyone');
    expect(bad.statusCode).toBe(400);
  });

  it('disables an agent: their cookie gets 401 at once, they sign in no more, audited', async ({
    t,
    supervisor,
    listing,
    passwordStep,
    signedInAgent,
  }) => {
    const agent = await signedInAgent();
    expect((await consoleCall(t.app, agent, 'GET', '/me')).statusCode).toBe(200);
    const done = await consoleCall(t.app, supervisor, 'POST', `/staff/${agent.id}/disable`);
    expect(done.statusCode, done.body).toBe(204);
    expect((await consoleCall(t.app, agent, 'GET', '/me')).statusCode).toBe(401);
    const sessions = await t.app.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', agent.id)
      .execute();
    expect(sessions).toEqual([]);
    expect((await passwordStep(agent)).sent.statusCode).toBe(401);
    const [row] = (await auditRows(t.app, 'staff.disabled')).filter(
      (r) => r.target_id === agent.id,
    );
    expect(row).toMatchObject({ staff_id: supervisor.id, target_kind: 'staff' });
    expect(await listing(agent.id)).toMatchObject({ enabled: false });
    const enabledOnly = await consoleCall(t.app, supervisor, 'GET', '/staff');
    expect(enabledOnly.json<StaffListing[]>().map((m) => m.id)).not.toContain(agent.id);
    const again = await consoleCall(t.app, supervisor, 'POST', `/staff/${agent.id}/disable`);
    expect(again.statusCode).toBe(409);
  });

  it('resets a second factor and the password: the sessions end, the old password signs in no more, audited', async ({
    t,
    supervisor,
    listing,
    passwordStep,
    signedInAgent,
  }) => {
    const agent = await signedInAgent();
    const path = `/staff/${agent.id}/second-factor-reset`;
    const done = await consoleCall(t.app, supervisor, 'POST', path);
    expect(done.statusCode, done.body).toBe(200);
    // Demo mode without SMTP: the link went to the server's log; the answer never carries it.
    expect(done.json()).toEqual({ delivery: 'log', email: agent.email });
    expect((await consoleCall(t.app, agent, 'GET', '/me')).statusCode).toBe(401);
    expect((await passwordStep(agent)).sent.statusCode).toBe(401);
    const rows = await auditRows(t.app, 'staff.second_factor_reset');
    expect(rows.filter((r) => r.target_id === agent.id)).toHaveLength(1);
    expect(await listing(agent.id)).toMatchObject({ enrolled: false, enabled: true });
  });

  it('refuses to disable one’s own account, and an unknown id is a 404', async ({
    t,
    supervisor,
  }) => {
    const self = await consoleCall(t.app, supervisor, 'POST', `/staff/${supervisor.id}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('Vous ne pouvez pas désactiver votre propre compte.');
    expect((await consoleCall(t.app, supervisor, 'GET', '/me')).statusCode).toBe(200);
    const before = (await auditRows(t.app, 'staff.disabled')).length;
    for (const action of ['disable', 'second-factor-reset']) {
      const unknown = await consoleCall(t.app, supervisor, 'POST', `/staff/nobody/${action}`);
      expect(unknown.statusCode, action).toBe(404);
    }
    expect(await auditRows(t.app, 'staff.disabled')).toHaveLength(before);
  });
});
