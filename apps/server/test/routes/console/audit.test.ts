// The console's audit log (docs/console.md « Journal »): every read of a customer's file and
// every action, with who, when, what and from where; supervisors only (an agent gets 403, and
// that refusal is itself in the log), with filters by staff member, customer and dates; the CSV
// export for Excel (BOM, header row, ';', no cell a spreadsheet would run as a formula), itself
// audited.
import { todayInParis, type AuditPage, type Conversation } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall, customerCallBack } from '../../support/console';

const CAMILLE = 'CLI-00100231';
const JEAN_SEARCH = 'dupont';

describe.each(BACKENDS)('the console’s audit log (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('audit', ({ t, supervisor }) => async (query = '') => {
      const response = await consoleCall(t.app, supervisor, 'GET', `/audit${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>();
    })
    .extend('consulted', { auto: true }, ({ t, agent, once }) =>
      once('consulted', async () => {
        const formula = { 'user-agent': '=HYPERLINK("http://evil.test")' };
        await consoleCall(t.app, agent, 'GET', `/customers/${CAMILLE}`, undefined, formula);
        await consoleCall(t.app, agent, 'GET', `/customers?q=${JEAN_SEARCH}`);
      }),
    )
    .override({ backend });

  it('is for supervisors: an agent gets 403 on the log and on its export, each refusal logged', async ({
    t,
    agent,
  }) => {
    for (const path of ['/audit', '/audit.csv', '/audit/integrity'])
      expect((await consoleCall(t.app, agent, 'GET', path)).statusCode, path).toBe(403);
    expect(await auditRows(t.app, 'audit.exported')).toEqual([]);
    expect((await consoleCall(t.app, null, 'GET', '/audit')).statusCode).toBe(401);
    const refused = await auditRows(t.app, 'staff.action_refused');
    expect(refused.map((r) => [r.staff_id, r.staff_email, r.target_id])).toEqual([
      [agent.id, agent.email, 'GET /backoffice/api/audit'],
      [agent.id, agent.email, 'GET /backoffice/api/audit.csv'],
      [agent.id, agent.email, 'GET /backoffice/api/audit/integrity'],
    ]);
    expect(refused[0]).toMatchObject({
      target_kind: 'route',
      address: '127.0.0.1',
      user_agent: 'Console test',
      details: { role: 'agent', required: 'supervisor' },
    });
  });

  it('lists each read and action with who, what, on whom, from where, in French', async ({
    agent,
    audit,
  }) => {
    const page = await audit();
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 5 });
    const [refused, , , search, read] = page.items;
    expect(refused).toMatchObject({
      staffEmail: agent.email,
      action: 'staff.action_refused',
      actionLabel: 'Action refusée, réservée aux superviseurs',
      targetId: 'GET /backoffice/api/audit/integrity',
    });
    expect(search).toMatchObject({
      staffId: agent.id,
      staffEmail: agent.email,
      action: 'customer.search',
      actionLabel: 'Recherche de clients',
      details: { q: JEAN_SEARCH, hits: 1 },
      address: '127.0.0.1',
    });
    expect(read).toMatchObject({
      action: 'customer.read',
      actionLabel: 'Consultation d’un dossier client',
      targetKind: 'customer',
      targetId: CAMILLE,
      customerNumber: CAMILLE,
    });
    expect(Date.parse(read!.at)).toBeLessThanOrEqual(Date.parse(search!.at));
  });

  it('filters by staff member, customer and dates', async ({ t, agent, supervisor, audit }) => {
    expect((await audit(`?staff=${agent.id}`)).total).toBe(5);
    expect((await audit(`?staff=${agent.email.toUpperCase()}`)).total).toBe(5);
    expect((await audit(`?staff=${supervisor.id}`)).total).toBe(0);
    const camille = await audit(`?customer=${CAMILLE}`);
    expect(camille.items.map((e) => e.action)).toEqual(['customer.read']);
    const today = todayInParis();
    expect((await audit(`?from=${today}&to=${today}`)).total).toBe(5);
    expect((await audit('?to=2020-01-01')).total).toBe(0);
    const bad = await consoleCall(t.app, supervisor, 'GET', '/audit?from=hier');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('from');
  });

  it('exports the log as CSV for Excel, and audits the export', async ({
    t,
    agent,
    supervisor,
  }) => {
    const response = await consoleCall(t.app, supervisor, 'GET', `/audit.csv?staff=${agent.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="journal-console-${todayInParis()}.csv"`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\ufeff"Date (UTC)";"Membre de l’équipe";"Action";')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(
      `"${agent.email}";"Action refusée, réservée aux superviseurs";"staff.action_refused";"route";"GET /backoffice/api/audit/integrity"`,
    );
    expect(lines[4]).toContain(`"${agent.email}";"Recherche de clients";"customer.search"`);
    expect(lines[5]).toContain(`"${CAMILLE}";"127.0.0.1";"'=HYPERLINK(""http://evil.test"")"`);
    const [exported] = await auditRows(t.app, 'audit.exported');
    expect(exported).toMatchObject({ staff_id: supervisor.id, address: '127.0.0.1' });
    expect(exported!.details).toEqual({ staff: agent.id });
    const bad = await consoleCall(t.app, supervisor, 'GET', '/audit.csv?to=31/12/2026');
    expect(bad.statusCode).toBe(400);
    expect(await auditRows(t.app, 'audit.exported')).toHaveLength(1);
  });

  it('names what a conversation entry is about by its subject or its request, never its id', async ({
    t,
    agent,
    camille,
    audit,
  }) => {
    const start = async (payload: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/message/accounts/${camille.accountId}/conversations`,
        headers: camille.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Conversation>().id;
    };
    const free = await start({ topic: 'claim', text: 'Mon pare-brise est fendu.' });
    const reference = await customerCallBack(t.app, camille, '06 11 22 33 44');
    const aboutRequest = await start({ requestReference: reference, text: 'Rappelez-moi vite.' });
    for (const id of [free, aboutRequest])
      expect((await consoleCall(t.app, agent, 'GET', `/conversations/${id}`)).statusCode).toBe(200);

    const reads = (await audit(`?customer=${CAMILLE}`)).items.filter(
      (e) => e.action === 'conversation.read',
    );
    expect(reads.map((e) => [e.targetKind, e.targetLabel])).toEqual([
      ['conversation', `Conversation «\u00a0Demande de rappel – ${reference}\u00a0»`],
      ['conversation', 'Conversation «\u00a0Un sinistre\u00a0»'],
    ]);
    // The id stays in the entry (and the CSV) for a lookup; the page shows the label.
    expect(reads.map((e) => e.targetId)).toEqual([aboutRequest, free]);
    // Other entries keep the reference a reader knows: the customer read, a member by name.
    const read = (await audit(`?customer=${CAMILLE}`)).items.find(
      (e) => e.action === 'customer.read',
    );
    expect(read?.targetLabel).toBe(CAMILLE);
  });
});
