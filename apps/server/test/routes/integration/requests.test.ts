// The broker's side of a customer's request (docs/integration.md « Demandes » and « Statuts »):
// a request made through the customer API reaches the feed with its numbers, payload and file
// links; PATCH moves it reçue → en cours → traitée, each step kept with its date and message;
// a refusal needs its reason, « en attente de pièces » names the document the customer then
// sees to send; the same call twice writes nothing more; every refusal is tested.
import {
  canUpload,
  type CustomerRequest,
  type Policy,
  type RequestDetail,
  type RequestList,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { BO, integrationToken } from '../../support/integration';
import { samplePdf } from '../../support/documents';
import { customerSendsFile, eventsOfRequest, getRequest, patchRequest } from '../../support/events';
import { bearer } from '../../support/harness';

const ACTIVE = 'AU2026104512'; // Camille's Peugeot 208
const CAMILLE = 'CLI-00100231';

describe.each(BACKENDS)(
  'a request’s statuses from the broker (%s)',
  { timeout: 150_000 },
  (backend) => {
    const it = apiTest
      .extend(
        'eventsOf',
        ({ t, integration: { token } }) =>
          (ref: string, count: number) =>
            eventsOfRequest(t.app, token, ref, count),
      )
      .extend(
        'historyRows',
        ({ t }) =>
          async () =>
            (await t.app.db.selectFrom('request_status_history').select('id').execute()).length,
      )
      // What a retried call must not add, counted in the tables (the feed may lag on PostgreSQL).
      .extend(
        'eventRows',
        ({ t }) =>
          async () =>
            (await t.app.db.selectFrom('events').select('id').execute()).length,
      )
      .extend('readOnlyClient', ({ t, once }) =>
        once('read-only', () => integrationToken(t.app, ['backoffice:read'])),
      )
      .extend('pdf', ({ once }) => once('pdf', samplePdf))
      .extend('reference', { auto: true }, ({ t, camille, pdf, once }) =>
        once('reference', () => customerSendsFile(t.app, camille, ACTIVE, 'Carte grise.pdf', pdf)),
      )
      .extend(
        'patch',
        ({ t, integration: { token }, reference }) =>
          (body: unknown, ref = reference, as = token) =>
            patchRequest(t.app, as, ref, body),
      )
      .extend(
        'customerSees',
        ({ t, camille: customer, reference }) =>
          async (): Promise<CustomerRequest> => {
            const list = await t.app.inject({
              method: 'GET',
              url: `/api/v1/account/accounts/${customer.accountId}/requests?pageSize=50`,
              headers: bearer(customer.token),
            });
            return list.json<RequestList>().items.find((r) => r.reference === reference)!;
          },
      )
      .override({ backend });

    it('shows the customer’s request in the feed, with its numbers, payload and file link', async ({
      t,
      eventsOf,
      pdf,
      readOnlyClient: { token: readOnly },
      reference,
    }) => {
      const [created, ...others] = await eventsOf(reference, 1);
      expect(others).toEqual([]);
      expect(created).toMatchObject({
        type: 'request.created',
        data: {
          reference,
          kind: 'documents',
          customerNumber: CAMILLE,
          contractNumber: ACTIVE,
          status: 'received',
          statusLabel: 'Reçue',
          files: [{ name: 'Carte grise.pdf', contentType: 'application/pdf', size: pdf.length }],
        },
      });
      const data = created!.data as { payload: object; files: { href: string }[] };
      expect(Object.keys(data.payload).length).toBeGreaterThan(0);
      const href = data.files[0]!.href;
      expect(href.startsWith(`${BO}/requests/`)).toBe(true);
      const download = await t.app.inject({ method: 'GET', url: href, headers: bearer(readOnly) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: href })).statusCode).toBe(401);
    });

    it('reads the request: what was asked, its files, its timeline', async ({
      t,
      readOnlyClient: { token: readOnly },
      reference,
    }) => {
      const response = await getRequest(t.app, readOnly, reference);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        reference,
        customerNumber: CAMILLE,
        status: 'received',
        files: [{ name: 'Carte grise.pdf' }],
        timeline: [expect.objectContaining({ status: 'received' })],
      });
    });

    it('moves reçue → en cours → traitée, keeping each step with its date and message', async ({
      t,
      integration: { token },
      customerSees,
      eventsOf,
      patch,
      reference,
    }) => {
      const started = await patch({ status: 'in_progress', message: 'Dossier pris en charge.' });
      expect(started.statusCode).toBe(200);
      expect(started.json()).toEqual({ reference, status: 'in_progress', changed: true });
      expect(await customerSees()).toMatchObject({ status: 'in_progress' });
      const done = await patch({ status: 'done', message: 'Carte grise enregistrée.' });
      expect(done.json()).toEqual({ reference, status: 'done', changed: true });
      const detail = (await getRequest(t.app, token, reference)).json<RequestDetail>();
      expect(detail.status).toBe('done');
      expect(detail.timeline.map((s) => [s.status, s.message])).toEqual([
        ['received', null],
        ['in_progress', 'Dossier pris en charge.'],
        ['done', 'Carte grise enregistrée.'],
      ]);
      for (const step of detail.timeline) expect(Date.parse(step.at)).not.toBeNaN();
      const changes = (await eventsOf(reference, 3)).filter(
        (e) => e.type === 'request.status_changed',
      );
      expect(changes.map((e) => (e.data as { status: string }).status)).toEqual([
        'in_progress',
        'done',
      ]);
    });

    it('answers changed:false to the same call again and writes nothing more', async ({
      eventRows,
      historyRows,
      patch,
      reference,
    }) => {
      const [rows, events] = [await historyRows(), await eventRows()];
      const again = await patch({ status: 'done', message: 'Carte grise enregistrée.' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ reference, status: 'done', changed: false });
      expect(await historyRows()).toBe(rows);
      expect(await eventRows()).toBe(events);
    });

    it('refuses a move from a closed request with 409 and a French message', async ({
      patch,
      reference,
    }) => {
      const response = await patch({ status: 'in_progress' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        `La demande ${reference} est close (Traitée)\u00a0: son statut ne change plus.`,
      );
    });

    it('needs the reason of a refusal and names the field; then keeps the reason', async ({
      t,
      camille: customer,
      integration: { token },
      historyRows,
      patch,
      pdf,
    }) => {
      const other = await customerSendsFile(t.app, customer, ACTIVE, 'Permis.pdf', pdf);
      const rows = await historyRows();
      for (const body of [{ status: 'refused' }, { status: 'refused', message: '   ' }]) {
        const response = await patch(body, other);
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().error.fields)).toEqual(['message']);
      }
      expect(await historyRows()).toBe(rows);
      const refused = await patch(
        { status: 'refused', message: 'Le document est illisible.' },
        other,
      );
      expect(refused.json()).toMatchObject({ status: 'refused', changed: true });
      const detail = (await getRequest(t.app, token, other)).json<RequestDetail>();
      expect(detail.timeline.at(-1)).toMatchObject({
        status: 'refused',
        message: 'Le document est illisible.',
      });
    });

    it('names the awaited document, which the customer then sees to send; twice is harmless', async ({
      t,
      camille: customer,
      historyRows,
      patch,
      pdf,
    }) => {
      const other = await customerSendsFile(t.app, customer, ACTIVE, 'Relevé.pdf', pdf);
      const missing = await patch({ status: 'awaiting_documents' }, other);
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().error.fields)).toEqual(['document']);
      const body = {
        status: 'awaiting_documents',
        message: 'Il manque le relevé d’information.',
        document: { name: 'Relevé d’information', files: 2, dueOn: '2027-01-15' },
      };
      expect((await patch(body, other)).json()).toMatchObject({ changed: true });
      const rows = await historyRows();
      expect((await patch(body, other)).json()).toMatchObject({ changed: false });
      expect(await historyRows()).toBe(rows);
      const owed = async () => {
        const policies = await t.app.inject({
          method: 'GET',
          url: `/api/v1/policy/accounts/${customer.accountId}`,
          headers: bearer(customer.token),
        });
        return policies
          .json<Policy[]>()
          .find((p) => p.policyNumber === ACTIVE)!
          .documents.filter((d) => d.name === 'Relevé d’information');
      };
      const [awaited, ...more] = await owed();
      expect(more).toEqual([]);
      expect(awaited).toMatchObject({ exactFileNumber: 2, filesReceived: 0, status: null });
      expect(canUpload(awaited!)).toBe(true);
      await customerSendsFile(t.app, customer, ACTIVE, 'Relevé 1.pdf', pdf, awaited!.fileType);
      expect(await owed()).toEqual([expect.objectContaining({ filesReceived: 1 })]);
      const otherDoc = await patch({ ...body, document: { name: 'Permis', files: 1 } }, other);
      expect(otherDoc.statusCode).toBe(409);
      expect(otherDoc.json().error.message).toBe(
        `La demande ${other} est «\u00a0En attente de pièces\u00a0»\u00a0: elle peut passer à in_progress (En cours de traitement), done (Traitée), refused (Refusée).`,
      );
    });

    it('answers 404 for an unknown reference and 400 for a malformed body', async ({
      t,
      integration: { token },
      patch,
      reference,
    }) => {
      const unknown = await patch({ status: 'in_progress' }, 'DEM-NOPE0000');
      expect(unknown.statusCode).toBe(404);
      expect((await getRequest(t.app, token, 'DEM-NOPE0000')).statusCode).toBe(404);
      const bad = await patch({ status: 'perdu', message: 42, extra: true });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('status');
      const notJson = await t.app.inject({
        method: 'PATCH',
        url: `${BO}/requests/${reference}`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{',
      });
      expect(notJson.statusCode).toBe(400);
    });

    it('requires an integration token, and the write scope to PATCH', async ({
      t,
      camille: customer,
      patch,
      readOnlyClient: { token: readOnly },
      reference,
    }) => {
      const noToken = await t.app.inject({ method: 'PATCH', url: `${BO}/requests/${reference}` });
      expect(noToken.statusCode).toBe(401);
      expect((await patch({ status: 'in_progress' }, reference, customer.token)).statusCode).toBe(
        401,
      );
      expect((await getRequest(t.app, customer.token, reference)).statusCode).toBe(401);
      expect((await patch({ status: 'in_progress' }, reference, readOnly)).statusCode).toBe(403);
    });
  },
);
