// The staff accounts and the console's own API (docs/console.md « Comptes », « Connexion »):
// who may open /backoffice/api (a console session only: a customer's cookie or token, an
// integration token or a forged cookie get 401; another site gets 403), who may create an
// account (supervisors: an agent gets 403 and nothing is created), the temporary password
// answered once, the audit of a creation, sign-out. An account made with the staff tool:
// process/staff-cli.test.ts.
import { SESSION_REQUEST_HEADER } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows } from '../../support/console';
import { integrationToken } from '../../support/integration';
import { bearer, DEMO, portalSignIn, signIn, webBuild } from '../../support/harness';
import {
  browser,
  createStaff,
  locationOf,
  mustChangePassword,
  signInStaff,
  startStaffSignIn,
} from '../../support/staff';

const ME = '/backoffice/api/me';
const STAFF = '/backoffice/api/staff';
const write = { [SESSION_REQUEST_HEADER]: '1', 'sec-fetch-site': 'same-origin' };

describe.each(BACKENDS)('staff accounts and the console API on %s', (backend) => {
  const it = apiTest
    .extend(
      'call',
      ({ t }) =>
        (method: 'GET' | 'POST', url: string, headers: object, payload?: object) =>
          t.app.inject({
            method,
            url,
            headers: headers as Record<string, string>,
            ...(payload ? { payload } : {}),
          }),
    )
    .extend(
      'mustChange',
      ({ t }) =>
        (email: string) =>
          mustChangePassword(t.app.db, email),
    )
    .extend(
      'staffCount',
      ({ t }) =>
        async () =>
          (await t.app.db.selectFrom('staff_accounts').select('id').execute()).length,
    )
    .override({ backend, appConfig: { webDist: webBuild() } });

  it('requires a console session: none, a customer’s cookie or token, an integration token or a forged cookie get 401', async ({
    t,
    call,
  }) => {
    const portal = await portalSignIn(t.app, DEMO.camille);
    const customerToken = (await signIn(t.app, t.config, DEMO.jean)).access_token;
    const { token } = await integrationToken(t.app);
    for (const headers of [
      {},
      { cookie: portal.jar.header() },
      bearer(customerToken),
      bearer(token),
      { cookie: `espace-console=${'A'.repeat(43)}` },
      { cookie: `espace-console=${portal.jar.get('espace-session') ?? 'x'}` },
    ]) {
      const response = await call('GET', ME, headers);
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers the signed-in staff member, and refuses another site with 403', async ({
    t,
    call,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    const cookie = await signInStaff(t.app, agent);
    const me = await call('GET', ME, { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: agent.id, email: agent.email, role: 'agent' });
    const crossSite = await call('GET', ME, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const list = await call('GET', STAFF, { cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ email: 'superviseur@courtage-horizon.test', role: 'supervisor' }),
    );
  });

  it('lets a supervisor create an account, answering its temporary password once, audited; an agent gets 403', async ({
    t,
    call,
    mustChange,
    staffCount,
  }) => {
    const agent = await createStaff(t.app.db, { role: 'agent' });
    const supervisor = await createStaff(t.app.db, { role: 'supervisor' });
    const agentCookie = await signInStaff(t.app, agent);
    const supervisorCookie = await signInStaff(t.app, supervisor);
    const body = {
      email: 'Nouveau.Conseiller@Courtage.test',
      displayName: 'Noé Nouveau',
      role: 'agent',
    };
    const before = await staffCount();
    const refused = await call('POST', STAFF, { cookie: agentCookie, ...write }, body);
    expect(refused.statusCode).toBe(403);
    expect(await staffCount()).toBe(before);
    const noHeader = await call('POST', STAFF, { cookie: supervisorCookie }, body);
    expect(noHeader.statusCode).toBe(403);
    const invalid = await call(
      'POST',
      STAFF,
      { cookie: supervisorCookie, ...write },
      { ...body, role: 'admin' },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBeTruthy();
    expect(await staffCount()).toBe(before);
    const created = await call('POST', STAFF, { cookie: supervisorCookie, ...write }, body);
    expect(created.statusCode).toBe(201);
    const answer = created.json<{ id: string; email: string; temporaryPassword: string }>();
    expect(answer.email).toBe('nouveau.conseiller@courtage.test');
    expect(answer.temporaryPassword.length).toBeGreaterThanOrEqual(20);
    const again = await call('POST', STAFF, { cookie: supervisorCookie, ...write }, body);
    expect(again.statusCode).toBe(409);
    const audit = await t.app.db
      .selectFrom('staff_audit')
      .select(['action', 'target_id'])
      .where('staff_id', '=', supervisor.id)
      .where('action', '=', 'staff.created')
      .execute();
    expect(audit).toEqual([{ action: 'staff.created', target_id: answer.id }]);
    expect(await mustChange(answer.email)).toBe(true);
    // The temporary password opens the sign-in: the second factor is to enrol, then a password
    // to choose (oidc/staff-sign-in/passwords.test.ts).
    const b = browser(t.app);
    const { interaction } = await startStaffSignIn(b);
    const sent = await b.post(`${interaction}/staff`, {
      email: answer.email,
      password: answer.temporaryPassword,
    });
    expect(locationOf(sent)).toBe(`${interaction}/staff/enrol`);
  });

  it('signs out: the session and its provider session end, the cookie is cleared, journalled', async ({
    t,
    call,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'supervisor' });
    const cookie = await signInStaff(t.app, staff);
    const out = await call('POST', '/backoffice/api/sign-out', { cookie, ...write });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('espace-console=; Path=/');
    expect((await call('GET', ME, { cookie })).statusCode).toBe(401);
    const left = await t.app.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('account_id', '=', `staff:${staff.id}`)
      .where('type', '=', 'Session')
      .execute();
    expect(left).toEqual([]);
    const journal = (await auditRows(t.app, 'staff.signed_out')).filter(
      (row) => row.staff_id === staff.id,
    );
    expect(journal).toHaveLength(1);
  });
});
