// A complaint's deadlines as ACPR recommendation 2022-R-01 counts them (docs/product/complaints.md,
// docs/decisions/0129-complaints-count-jours-ouvrables.md), checked against a calendar written
// here by hand, not computed by the code under test. A complaint received on Thursday 24
// December 2026 (the clock of this process set to that morning in Paris):
// - « dix jours ouvrables », every day but Sundays and public holidays, the day of receipt not
//   counted: Sat 26, Mon 28, Tue 29, Wed 30, Thu 31 December, Sat 2, Mon 4, Tue 5, Wed 6,
//   Thu 7 January (25 December, 1 January and the Sundays skipped) → 07.01.2027; counted in
//   jours ouvrés (Monday to Friday) it would have been Monday 11.01.2027;
// - « deux mois »: 24.02.2027.
// The day is the same wherever it is shown: the receipt, the complaint read back, 'Mes demandes',
// the acknowledgement mail, the console's queue, complaint page and request page, the integration
// API, the answer's PDF, and the lateness of the queue and of the register. Migration 0053 brings
// a deadline stored in jours ouvrés to the rule, an answered complaint's too.
import type {
  Complaint,
  ComplaintReceipt,
  ConsoleComplaint,
  ConsoleComplaintList,
  ConsoleRequestDetail,
  RequestDetail,
} from '@espace/contract';
import { sql, type Kysely } from 'kysely';
import { extractText } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { down, up } from '../../../src/db/migrations/0053-complaints-jours-ouvrables';
import { BACKENDS } from '../../support/backends';
import { consoleCall, staffSignedIn } from '../../support/console';
import {
  bearer,
  createTestApp,
  DEMO,
  signIn,
  subjectOf,
  type TestApp,
} from '../../support/harness';
import { BO, integrationToken } from '../../support/integration';
import { decodeQuotedPrintable, startMailServer } from '../../support/mail-server-stand-in';

/** Thursday 24 December 2026, 09:30 in Paris. */
const RECEIVED = new Date('2026-12-24T09:30:00+01:00');
const ACKNOWLEDGE_BY = '2027-01-07';
const ACKNOWLEDGE_BY_FR = '07.01.2027';
const ANSWER_BY = '2027-02-24';
const ANSWER_BY_FR = '24.02.2027';
/** What the product said before, counting jours ouvrés. */
const OUVRES = '2027-01-11';

const COMPLAINT = {
  category: 'service',
  text: 'Personne ne m’a rappelé malgré trois demandes.',
  expectation: 'Un rappel et des excuses.',
  origin: 'contact',
};

describe.each(BACKENDS)(
  'complaint deadlines in jours ouvrables on %s',
  { timeout: 150_000 },
  (backend) => {
    let t: TestApp;
    let mail: Awaited<ReturnType<typeof startMailServer>>;
    let customer: { token: string; accountId: string };
    let receipt: ComplaintReceipt;

    /** Sets this process's clock to `at`; sessions are opened after it. */
    const clockAt = (at: Date) => vi.useFakeTimers({ toFake: ['Date'], now: at });
    const signInCustomer = async () => {
      const token = (await signIn(t.app, t.config, DEMO.camille)).access_token;
      customer = { token, accountId: subjectOf(token) };
    };
    const complaints = (method: 'GET' | 'POST', path = '', payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/complaint/accounts/${customer.accountId}/complaints${path}`,
        headers: bearer(customer.token),
        ...(payload ? { payload } : {}),
      });
    const storedDeadline = async (reference: string) =>
      (
        await sql<{ day: string }>`select to_char(acknowledge_by, 'YYYY-MM-DD') as day
        from complaints where reference = ${reference}`.execute(t.app.db)
      ).rows[0]!.day;

    beforeAll(async () => {
      mail = await startMailServer();
      t = await createTestApp(backend, {
        mailBrand: 'vireo',
        smtp: {
          url: `smtp://127.0.0.1:${mail.port}`,
          from: 'portail@espace-assure.test',
          to: 'service-client@courtage-horizon.test',
        },
      });
    });
    afterEach(() => vi.useRealTimers());
    afterAll(async () => {
      await t.close();
      await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    });

    it('gives 07.01.2027 to a complaint received on 24.12.2026, wherever the customer reads it', async () => {
      clockAt(RECEIVED);
      await signInCustomer();
      const filed = await complaints('POST', '', COMPLAINT);
      expect(filed.statusCode, filed.body).toBe(201);
      receipt = filed.json<ComplaintReceipt>();
      expect(receipt).toMatchObject({ acknowledgeBy: ACKNOWLEDGE_BY, answerBy: ANSWER_BY });

      const read = (await complaints('GET', `/${receipt.reference}`)).json<Complaint>();
      expect(read).toMatchObject({ acknowledgeBy: ACKNOWLEDGE_BY, answerBy: ANSWER_BY });

      // 'Mes demandes': the request's page.
      const detail = await t.app.inject({
        url: `/api/v1/account/accounts/${customer.accountId}/requests/${receipt.reference}`,
        headers: bearer(customer.token),
      });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json<RequestDetail>().answers).toEqual(
        expect.arrayContaining([
          { label: 'Accusé de réception au plus tard le', value: ACKNOWLEDGE_BY_FR },
          { label: 'Réponse au plus tard le', value: ANSWER_BY_FR },
        ]),
      );

      // The acknowledgement mail: the rule in words, and the same day.
      await vi.waitFor(
        () => expect(mail.received.map((m) => m.data).join('')).toContain(receipt.reference),
        { timeout: 15_000 },
      );
      const ack = decodeQuotedPrintable(
        mail.received.find((m) => m.data.includes(receipt.reference))!.data,
      ).replace(/\s+/g, ' ');
      expect(ack).toContain(
        `dans un délai de 10 jours ouvrables, au plus tard le ${ACKNOWLEDGE_BY_FR}`,
      );
      expect(ack).toContain(`au plus tard le ${ANSWER_BY_FR}`);
      expect(ack).not.toContain('ouvrés');
    });

    it('shows the broker the same day in the console and the integration API', async () => {
      clockAt(RECEIVED);
      const agent = await staffSignedIn(t.app, 'agent', 'Léa Martin');
      const queue = await consoleCall(t.app, agent, 'GET', '/complaints');
      expect(queue.statusCode, queue.body).toBe(200);
      expect(
        queue
          .json<ConsoleComplaintList>()
          .complaints.find((c) => c.reference === receipt.reference),
      ).toMatchObject({ acknowledgeBy: ACKNOWLEDGE_BY, answerBy: ANSWER_BY });
      const page = await consoleCall(t.app, agent, 'GET', `/complaints/${receipt.reference}`);
      expect(page.json<ConsoleComplaint>()).toMatchObject({
        acknowledgeBy: ACKNOWLEDGE_BY,
        answerBy: ANSWER_BY,
      });
      const request = await consoleCall(t.app, agent, 'GET', `/requests/${receipt.reference}`);
      expect(request.statusCode, request.body).toBe(200);
      expect(request.json<ConsoleRequestDetail>().answers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            label: 'Accusé de réception au plus tard le',
            value: ACKNOWLEDGE_BY_FR,
          }),
        ]),
      );

      const { token } = await integrationToken(t.app, ['backoffice:read']);
      const integration = await t.app.inject({
        url: `${BO}/requests/${receipt.reference}`,
        headers: bearer(token),
      });
      expect(integration.statusCode, integration.body).toBe(200);
      expect(integration.json<{ payload: Record<string, unknown> }>().payload).toMatchObject({
        acknowledgeBy: ACKNOWLEDGE_BY,
        answerBy: ANSWER_BY,
      });
    });

    it('prints the same days on the answer’s PDF', async () => {
      clockAt(new Date('2026-12-28T15:00:00+01:00'));
      await signInCustomer();
      const agent = await staffSignedIn(t.app, 'agent', 'Léa Martin');
      const answered = await consoleCall(
        t.app,
        agent,
        'POST',
        `/complaints/${receipt.reference}/answer`,
        { outcome: 'accepted', text: 'Vous serez rappelé demain matin. Veuillez nous excuser.' },
      );
      expect(answered.statusCode, answered.body).toBe(200);
      const pdf = await complaints('GET', `/${receipt.reference}/answer`);
      expect(pdf.statusCode).toBe(200);
      const text = (
        await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })
      ).text.replace(/\s+/g, ' ');
      expect(text).toContain(`Accusé de réception dû le ${ACKNOWLEDGE_BY_FR}`);
      expect(text).toContain(`Réponse due le ${ANSWER_BY_FR}`);
    });

    it('is late from 08.01.2027 on, in the queue and in the register', async () => {
      clockAt(RECEIVED);
      await signInCustomer();
      const filed = (await complaints('POST', '', COMPLAINT)).json<ComplaintReceipt>();
      // As if received by post that day and not acknowledged yet.
      await t.app.db
        .updateTable('complaints')
        .set({ acknowledged_at: null })
        .where('reference', '=', filed.reference)
        .execute();
      const lateOn = async (day: string) => {
        clockAt(new Date(`${day}T12:00:00+01:00`));
        const supervisor = await staffSignedIn(t.app, 'supervisor');
        const queue = await consoleCall(t.app, supervisor, 'GET', '/complaints');
        const row = queue
          .json<ConsoleComplaintList>()
          .complaints.find((c) => c.reference === filed.reference)!;
        const register = (
          await consoleCall(t.app, supervisor, 'GET', '/complaints/register')
        ).rawPayload
          .toString('utf8')
          .split('\r\n')
          .find((l) => l.includes(filed.reference))!;
        // The register's last two cells: acknowledgement late, answer late.
        return { queue: row.acknowledgementLate, register: register.split(';').at(-2) };
      };
      expect(await lateOn(ACKNOWLEDGE_BY)).toEqual({ queue: false, register: '"non"' });
      expect(await lateOn('2027-01-08')).toEqual({ queue: true, register: '"oui"' });
    });

    it('migration 0053 recomputes a deadline stored in jours ouvrés, an answered complaint’s too', async () => {
      // The answered complaint, as the product stored it before.
      await sql`update complaints set acknowledge_by = ${OUVRES}::date
      where reference = ${receipt.reference}`.execute(t.app.db);
      // A migration sees the database untyped, as the migrator hands it.
      const db = t.app.db as unknown as Kysely<unknown>;
      await up(db);
      expect(await storedDeadline(receipt.reference)).toBe(ACKNOWLEDGE_BY);
      await down(db);
      expect(await storedDeadline(receipt.reference)).toBe(OUVRES);
      await up(db);
      expect(await storedDeadline(receipt.reference)).toBe(ACKNOWLEDGE_BY);
      // Every complaint's stored deadlines are the rule's, and the answer's were left alone.
      const { rows } = await sql<{ received_on: string; ack: string; answer: string }>`
      select to_char(received_on, 'YYYY-MM-DD') as received_on,
             to_char(acknowledge_by, 'YYYY-MM-DD') as ack,
             to_char(answer_by, 'YYYY-MM-DD') as answer from complaints`.execute(t.app.db);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows)
        expect(row).toEqual({ received_on: '2026-12-24', ack: ACKNOWLEDGE_BY, answer: ANSWER_BY });
    });
  },
);
