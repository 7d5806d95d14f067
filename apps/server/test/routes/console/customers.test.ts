// Customers in the staff console (docs/console.md « Clients »): search by name, e-mail,
// customer number, contract number or plate (any case, a plate with or without its dashes); the
// customer's file as they see it in the portal (contracts, documents, requests), read-only; the
// first-access invitation through the integration API's own service. Each is audited.
import type { CustomerFile, CustomerSearchHit } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { BO, customerRecord, integrationToken } from '../../support/integration';
import { auditRows, consoleCall, customerCallBack } from '../../support/console';
import { inviteCustomer } from '../../../src/services/account/invitation';
import { bearer, DEMO, signIn, subjectOf } from '../../support/harness';

const CAMILLE = 'CLI-00100231';

describe.each(BACKENDS)('customers in the console (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('search', ({ t, agent }) => async (q: string) => {
      const response = await consoleCall(
        t.app,
        agent,
        'GET',
        `/customers?q=${encodeURIComponent(q)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CustomerSearchHit[]>();
    })
    /** A new customer loaded by the integration API, without online access yet. */
    .extend('loadCustomer', ({ t }) => async (customerNumber: string, email: string) => {
      const { token } = await integrationToken(t.app);
      const created = await t.app.inject({
        method: 'PUT',
        url: `${BO}/customers/${customerNumber}`,
        headers: bearer(token),
        payload: customerRecord({ email }),
      });
      expect(created.statusCode, created.body).toBeLessThan(300);
    })
    .override({ backend });

  it('finds a customer by name, e-mail, customer number, contract number or plate', async ({
    t,
    agent,
    search,
  }) => {
    for (const q of [
      'martin camille',
      'Camille Mar',
      'CAMILLE.MARTIN@',
      'cli-00100231',
      'au2026104512',
      'gh482kl',
      'GH-482',
    ])
      expect(
        (await search(q)).map((h) => h.customerNumber),
        q,
      ).toContain(CAMILLE);
    const [hit] = await search(CAMILLE);
    expect(hit).toMatchObject({ name: 'Camille Martin', email: DEMO.camille });
    expect(hit!.policyNumbers).toContain('AU2026104512');
    expect(hit!.plates).toContain('GH-482-KL');
    expect(await search('zzzz-nobody')).toEqual([]);
    expect(await search('%%')).toEqual([]); // wildcards are taken literally
    const rows = await auditRows(t.app, 'customer.search');
    expect(rows.at(-1)).toMatchObject({ staff_id: agent.id, address: '127.0.0.1' });
    expect(rows.at(-1)!.details).toMatchObject({ q: '%%', hits: 0 });
  });

  it('asks for at least 2 characters', async ({ t, agent }) => {
    for (const q of ['', 'a', ' b ']) {
      const response = await consoleCall(
        t.app,
        agent,
        'GET',
        `/customers?q=${encodeURIComponent(q)}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.q).toBe('Saisissez au moins 2 caractères.');
    }
  });

  it('shows the customer’s file as the customer sees it, and audits the read', async ({
    t,
    agent,
  }) => {
    const signedIn = await signIn(t.app, t.config, DEMO.camille);
    const accountId = subjectOf(signedIn.access_token);
    await customerCallBack(t.app, { token: signedIn.access_token, accountId }, '06 11 22 33 44');
    const response = await consoleCall(t.app, agent, 'GET', `/customers/${CAMILLE}`);
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json<CustomerFile>();
    const asCustomer = async (path: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1${path}`,
          headers: bearer(signedIn.access_token),
        })
      ).json();
    expect(file).toMatchObject({
      customerNumber: CAMILLE,
      firstName: 'Camille',
      lastName: 'Martin',
      email: DEMO.camille,
      portalAccess: 'active',
    });
    expect(file.contracts).toEqual(await asCustomer(`/policy/accounts/${accountId}`));
    const first = file.documents[0]!;
    // The generated documents are dated at the time of the read: compared without it.
    const named = (list: { id: string; fileName: string }[]) =>
      list.map(({ id, fileName }) => ({ id, fileName }));
    expect(named(first.documents)).toEqual(
      named(await asCustomer(`/document/accounts/${accountId}/policy/${first.policyNumber}`)),
    );
    const requests = await asCustomer(`/account/accounts/${accountId}/requests?pageSize=50`);
    expect(file.requests.items).toHaveLength(1);
    expect(file.requests.items).toEqual(requests.items);
    const [row] = await auditRows(t.app, 'customer.read');
    expect(row).toMatchObject({
      staff_id: agent.id,
      target_id: CAMILLE,
      account_id: accountId,
      address: '127.0.0.1',
    });
    expect((await consoleCall(t.app, agent, 'GET', '/customers/CLI-99999999')).statusCode).toBe(
      404,
    );
    expect(await auditRows(t.app, 'customer.read')).toHaveLength(1);
  });

  it('sends the first-access invitation through the integration API’s service', async ({
    t,
    agent,
    loadCustomer,
  }) => {
    await loadCustomer('CLI-NEW-0001', 'nadia.leroy@example.fr');
    const invite = (n: string) => consoleCall(t.app, agent, 'POST', `/customers/${n}/invitation`);
    const sent = await invite('CLI-NEW-0001');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ outcome: 'sent' });
    expect((await invite(CAMILLE)).json()).toEqual({ outcome: 'active' });
    expect((await invite('CLI-99999999')).statusCode).toBe(404);
    const rows = await auditRows(t.app, 'customer.invited');
    expect(rows.map((r) => [r.target_id, (r.details as { outcome: string }).outcome])).toEqual([
      ['CLI-NEW-0001', 'sent'],
      [CAMILLE, 'active'],
    ]);
    const file = await consoleCall(t.app, agent, 'GET', '/customers/CLI-NEW-0001');
    expect(file.json()).toMatchObject({ portalAccess: 'none', contracts: [], documents: [] });
  });

  it('records an invitation in the transaction of its link and mail: without the record, nothing is written', async ({
    t,
    agent,
    loadCustomer,
  }) => {
    await loadCustomer('CLI-NEW-0002', 'nouveau.client2@example.fr');
    const deps = {
      db: t.app.db,
      outbox: t.app.outbox,
      log: t.app.log,
      demoMode: false,
      linkFor: (link: string) => `http://localhost/${link}`,
    };
    const failing = inviteCustomer(deps, 'CLI-NEW-0002', {
      record: () => Promise.reject(new Error('journal indisponible')),
    });
    await expect(failing).rejects.toThrow('journal indisponible');
    const account = await t.app.db
      .selectFrom('accounts')
      .select('id')
      .where('customer_id', '=', 'CLI-NEW-0002')
      .executeTakeFirstOrThrow();
    // The link is written with the mail, when mail is configured (services/account/invitation.ts).
    const links = () =>
      t.app.db
        .selectFrom('password_reset_tokens')
        .select('account_id')
        .where('account_id', '=', account.id)
        .execute();
    expect(await links()).toEqual([]);
    // The same invitation from the console, recorded: the link is there, and its record.
    const sent = await consoleCall(t.app, agent, 'POST', '/customers/CLI-NEW-0002/invitation');
    expect(sent.json()).toEqual({ outcome: 'sent' });
    expect(await links()).toHaveLength(1);
    const rows = await auditRows(t.app, 'customer.invited');
    expect(rows.filter((r) => r.target_id === 'CLI-NEW-0002')).toHaveLength(1);
  });
});
