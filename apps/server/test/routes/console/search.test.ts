// The console's search boxes (docs/console.md « Rechercher »): the inbox's `q` and the customers'
// search find a request or a customer by what the caller says on the phone — a request
// reference, a name either way round (accents, case, hyphens ignored), an e-mail, a customer
// number, a contract number, a plate with or without its dashes — each from its start; a
// request reference found from the customers' search leads to it; each search is audited.
import type { CustomerSearchHit, InboxPage } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { samplePdf } from '../../support/documents';
import { customerSendsFile } from '../../support/events';
import { auditRows, consoleCall, customerCallBack } from '../../support/console';
import { BO, contractRecord, customerRecord, integrationToken } from '../../support/integration';
import { bearer } from '../../support/harness';

const CAMILLE = 'CLI-00100231';
const PEUGEOT = 'AU2026104512'; // GH-482-KL

describe.each(BACKENDS)('the console’s search (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('inbox', ({ t, agent }) => async (query: string) => {
      const response = await consoleCall(t.app, agent, 'GET', `/requests?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InboxPage>();
    })
    .extend('customers', ({ t, agent }) => async (q: string) => {
      const url = `/customers?q=${encodeURIComponent(q)}`;
      const response = await consoleCall(t.app, agent, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CustomerSearchHit[]>();
    })
    // Camille's call back (no contract) and a file sent on her Peugeot; a customer with accents.
    .extend('refs', { auto: true }, ({ t, camille, once }) =>
      once('refs', async () => {
        const callBack = await customerCallBack(t.app, camille, '06 10 20 30 40');
        const file = await customerSendsFile(
          t.app,
          camille,
          PEUGEOT,
          'photo.pdf',
          await samplePdf(),
        );
        const { token } = await integrationToken(t.app);
        for (const [url, payload] of [
          [
            `${BO}/customers/CLI-ACCENTS`,
            customerRecord({
              firstName: 'Zoé',
              lastName: 'Bœuf-Gênes',
              email: 'Zoe.Boeuf@Example.fr',
            }),
          ],
          [
            `${BO}/contracts/AU-ACC-1`,
            contractRecord('CLI-ACCENTS', {
              vehicle: { licensePlate: 'hb 007 zz', manufacturer: 'Fiat', model: '500' },
            }),
          ],
        ] as const) {
          const put = await t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
          expect(put.statusCode, put.body).toBeLessThan(300);
        }
        return { callBack, file };
      }),
    )
    .override({ backend });

  const references = (page: InboxPage) => page.items.map((item) => item.reference);

  it('finds a request by its reference, typed as the customer reads it or not', async ({
    t,
    agent,
    inbox,
    refs,
  }) => {
    for (const q of [refs.file, refs.file.toLowerCase(), refs.file.replace('-', ' ')])
      expect(references(await inbox(`state=all&q=${encodeURIComponent(q)}`)), q).toEqual([
        refs.file,
      ]);
    // Each search is in the journal; a page without one is not.
    const searches = await auditRows(t.app, 'request.search');
    expect(searches.at(-1)).toMatchObject({ staff_id: agent.id });
    expect(searches.at(-1)!.details).toEqual({ q: refs.file.replace('-', ' '), hits: 1 });
    await inbox('state=all');
    expect(await auditRows(t.app, 'request.search')).toHaveLength(searches.length);
  });

  it('finds a customer’s requests by name, e-mail, customer number', async ({ inbox, refs }) => {
    for (const q of [
      'Camille Martin',
      'martin camille',
      'CAMILLE.MARTIN@',
      'cli00100231',
      'CLI-0010',
    ]) {
      const found = references(await inbox(`state=all&q=${encodeURIComponent(q)}`));
      expect(found, q).toEqual(expect.arrayContaining([refs.callBack, refs.file]));
    }
    // Jean's requests are not Camille's.
    const jean = references(await inbox('state=all&q=jean%20dupont'));
    expect(jean.length).toBeGreaterThan(0);
    expect(jean).not.toContain(refs.file);
  });

  it('finds the requests on a contract by its number or plate, dashes or not', async ({
    inbox,
    refs,
  }) => {
    for (const q of ['gh482kl', 'GH-482-KL', 'gh 482', 'au2026104512']) {
      const found = references(await inbox(`state=all&q=${encodeURIComponent(q)}`));
      expect(found, q).toContain(refs.file);
      // The call back is about no contract.
      expect(found, q).not.toContain(refs.callBack);
    }
  });

  it('ignores accents, case and hyphens in names; takes wildcards literally', async ({
    customers,
  }) => {
    for (const q of ['zoe boeuf genes', 'BOEUF GENES', 'Bœuf-Gênes Zoé', 'zoe.boeuf@example'])
      expect(
        (await customers(q)).map((hit) => hit.customerNumber),
        q,
      ).toEqual(['CLI-ACCENTS']);
    expect((await customers('hb007')).map((hit) => hit.plates)).toEqual([['HB-007-ZZ']]);
    expect(await customers('%a')).toEqual([]);
    expect(await customers('_amille')).toEqual([]);
  });

  it('leads from a request reference to its customer and the request', async ({
    t,
    agent,
    customers,
    refs,
  }) => {
    const hits = await customers(refs.callBack.toLowerCase());
    expect(hits).toMatchObject([{ customerNumber: CAMILLE, requestReference: refs.callBack }]);
    const rows = await auditRows(t.app, 'customer.search');
    expect(rows.at(-1)).toMatchObject({ staff_id: agent.id });
    expect(rows.at(-1)!.details).toEqual({ q: refs.callBack.toLowerCase(), hits: 1 });
  });

  it('asks for 2 characters at least in the inbox’s box too', async ({ t, agent }) => {
    const response = await consoleCall(t.app, agent, 'GET', '/requests?q=a');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.q).toBe('Saisissez au moins 2 caractères.');
  });
});
