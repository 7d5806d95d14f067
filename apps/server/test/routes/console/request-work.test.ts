// What an agent needs on a request's page to carry the change out (docs/console.md « Demandes »):
// a new driver's licence number and dates, the new IBAN masked until revealed (each reveal in the
// journal), the history naming who did what; the journal naming staff members and saying what a
// status change or an assignment did; the supervisors' dashboard (open, late, per agent, weeks).
import type {
  AuditPage,
  ConsoleDashboard,
  ConsoleIbanReveal,
  ConsoleRequestDetail,
} from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { daysFrom, POLICIES, today, yearsAgo } from '../../support/changes';
import { auditRows, consoleCall } from '../../support/console';
import { bearer } from '../../support/harness';

const NEW_IBAN = 'FR7630004000031234567890143';

describe.each(BACKENDS)(
  'working a request in the console (%s)',
  { timeout: 150_000 },
  (backend) => {
    const it = apiTest
      .extend('page', ({ t, agent }) => async (reference: string) => {
        const response = await consoleCall(t.app, agent, 'GET', `/requests/${reference}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ConsoleRequestDetail>();
      })
      .extend('refs', { auto: true }, ({ t, camille, once }) =>
        once('refs', async () => {
          const send = async (method: 'POST' | 'PUT', path: string, payload: object) => {
            const response = await t.app.inject({
              method,
              url: `/api/v1/policy/accounts/${camille.accountId}/${path}`,
              headers: bearer(camille.token),
              payload,
            });
            expect(response.statusCode, response.body).toBe(200);
            return response.json<{ reference: string }>().reference;
          };
          const driver = await send('POST', `${POLICIES.active}/driver`, {
            salutation: 'Mr',
            firstName: 'Hugo',
            lastName: 'Martin',
            birthDate: yearsAgo(22),
            bonus: '0,95',
            relationToCustomer: 'Enfant',
            driverLicenseNr: '13AB12345',
            driverLicensePermDate: yearsAgo(3),
            effectiveDate: daysFrom(today(), 5),
          });
          const current = await t.app.db
            .selectFrom('payment_details')
            .select('id')
            .where('policy_number', '=', POLICIES.withInes)
            .executeTakeFirstOrThrow();
          const payment = await send('PUT', `${POLICIES.withInes}/payment-details`, {
            id: current.id,
            paymentMethod: 'Prélèvement SEPA mensuel',
            bankAccount: { iban: NEW_IBAN, ownerName: 'Mme Camille Martin', changeHolder: false },
          });
          return { driver, payment };
        }),
      )
      .override({ backend });

    it('shows a new driver in full: licence number and dates', async ({ page, refs }) => {
      const detail = await page(refs.driver);
      expect(detail.answers).toEqual(
        expect.arrayContaining([
          { label: 'Conducteur', value: 'M. Hugo Martin' },
          { label: 'N° de permis', value: '13AB12345' },
          { label: 'Bonus-malus', value: '0,95' },
          expect.objectContaining({ label: 'Permis obtenu le' }),
          expect.objectContaining({ label: 'Date d’effet' }),
        ]),
      );
    });

    it('shows the new IBAN masked, and in full on request, each reveal audited', async ({
      t,
      agent,
      page,
      refs,
    }) => {
      const detail = await page(refs.payment);
      const iban = detail.answers.find((a) => a.label === 'Nouvel IBAN')!;
      expect(iban).toEqual({
        label: 'Nouvel IBAN',
        value: 'FR•• •••• •••• •••• •••• •••0 143',
        reveal: 'iban',
      });
      expect(JSON.stringify(detail.answers)).not.toContain('3123');
      expect(detail.answers).toContainEqual({
        label: 'Titulaire du compte',
        value: 'Mme Camille Martin',
      });
      expect(detail.answers.find((a) => a.label === 'BIC')?.value).toMatch(/^Non demandé/);
      const before = (await auditRows(t.app, 'request.iban_revealed')).length;
      const reveal = await consoleCall(t.app, agent, 'POST', `/requests/${refs.payment}/iban`);
      expect(reveal.statusCode, reveal.body).toBe(200);
      expect(reveal.headers['cache-control']).toBe('no-store');
      expect(reveal.json<ConsoleIbanReveal>()).toEqual({
        iban: 'FR76 3000 4000 0312 3456 7890 143',
        ownerName: 'Mme Camille Martin',
      });
      const rows = await auditRows(t.app, 'request.iban_revealed');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({ staff_id: agent.id, target_id: refs.payment });
      // Another request has no IBAN to reveal; a write from another site is refused.
      expect(
        (await consoleCall(t.app, agent, 'POST', `/requests/${refs.driver}/iban`)).statusCode,
      ).toBe(409);
      const cross = await consoleCall(
        t.app,
        agent,
        'POST',
        `/requests/${refs.payment}/iban`,
        undefined,
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(cross.statusCode).toBe(403);
      expect(await auditRows(t.app, 'request.iban_revealed')).toHaveLength(before + 1);
    });

    it('names who did what in the history, and in the journal', async ({
      t,
      agent,
      supervisor,
      page,
      refs,
    }) => {
      await consoleCall(t.app, agent, 'PUT', `/requests/${refs.driver}/assignment`, {
        staffId: agent.id,
      });
      const moved = await consoleCall(t.app, agent, 'PATCH', `/requests/${refs.driver}/status`, {
        status: 'in_progress',
        message: 'Nous ajoutons Hugo à votre contrat.',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const { timeline } = await page(refs.driver);
      expect(timeline.map((entry) => entry.sentence)).toEqual([
        'Le client a envoyé la demande.',
        `${agent.displayName} s’est attribué la demande.`,
        `${agent.displayName} a passé la demande en cours de traitement.`,
      ]);
      expect(timeline.at(-1)).toMatchObject({
        by: { displayName: agent.displayName, email: agent.email },
        message: 'Nous ajoutons Hugo à votre contrat.',
      });
      const journal = await consoleCall(t.app, supervisor, 'GET', '/audit');
      const entries = journal.json<AuditPage>().items;
      // The whole journal's size (read from its chain's head) is its number of rows.
      const { rows } = await sql<{ n: string }>`select count(*) as n from staff_audit`.execute(
        t.app.db,
      );
      expect(journal.json<AuditPage>().total).toBe(Number(rows[0]!.n));
      expect(
        entries.find((e) => e.action === 'request.status_changed' && e.targetId === refs.driver),
      ).toMatchObject({
        staffName: agent.displayName,
        staffEmail: agent.email,
        summary:
          'Reçue → En cours de traitement\u00a0: «\u00a0Nous ajoutons Hugo à votre contrat.\u00a0»',
      });
      expect(
        entries.find((e) => e.action === 'request.assigned' && e.targetId === refs.driver),
      ).toMatchObject({
        summary: `Non attribuée → ${agent.displayName}`,
      });
    });

    it('gives supervisors the dashboard: open and late per kind, per agent, the last weeks', async ({
      t,
      agent,
      supervisor,
      refs,
    }) => {
      expect((await consoleCall(t.app, agent, 'GET', '/dashboard')).statusCode).toBe(403);
      const read = async () => {
        const response = await consoleCall(t.app, supervisor, 'GET', '/dashboard');
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ConsoleDashboard>();
      };
      const before = await read();
      const lateBefore =
        before.openByKind.find((k) => k.kind === 'change_payment_details')?.late ?? 0;
      // The bank-details change received 4 days ago: past its 72 hours.
      await sql`update change_requests set created_at = now() - interval '4 days'
      where 'DEM-' || upper(substr(md5(id), 1, 8)) = ${refs.payment}`.execute(t.app.db);
      const after = await read();
      const payment = after.openByKind.find((k) => k.kind === 'change_payment_details')!;
      expect(payment.late).toBe(lateBefore + 1);
      expect(payment.byStatus.reduce((n, s) => n + s.count, 0)).toBe(payment.open);
      expect(after.weeks).toHaveLength(8);
      expect(after.weeks.map((w) => w.weekStart)).toEqual(
        [...after.weeks.map((w) => w.weekStart)].sort(),
      );
      expect(after.weeks.reduce((n, w) => n + w.incoming, 0)).toBeGreaterThanOrEqual(2);
      const unassigned = after.byAgent.find((a) => a.agent === null)!;
      expect(unassigned.late).toBeGreaterThanOrEqual(1);
    });
  },
);
