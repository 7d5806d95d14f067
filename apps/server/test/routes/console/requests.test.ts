// A request's page in the staff console (docs/console.md « Demandes »): what the customer
// asked, its files previewed with the downloads' safety, its timeline, the statuses allowed next;
// a status change the customer then reads in the portal, with their e-mail in the outbox; the
// refusals (a move the statuses forbid, a bad body, an unknown request) change nothing; the
// assignment; each read and action leaves its audit row (who, what, from where).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  imagePreviewRefusal,
  type ConsoleRequestDetail,
  type RequestDetail,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest, SMTP } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall, staffSignedIn } from '../../support/console';
import { SAMPLE_PNG, samplePdf } from '../../support/documents';
import { customerSendsFile } from '../../support/events';
import { bearer, DEMO } from '../../support/harness';
import { hugePng } from '../../support/image-samples';

const ACTIVE = 'AU2026104512'; // Camille's Peugeot 208

describe.each(BACKENDS)('a request’s page in the console (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    /** The file Camille sent, the request every test reads. */
    .extend('sent', ({ t, once, camille }) =>
      once('sent', async () => {
        const pdf = await samplePdf();
        const reference = await customerSendsFile(t.app, camille, ACTIVE, 'Carte grise.pdf', pdf);
        return { pdf, reference };
      }),
    )
    .extend('helpers', ({ t, agent, sent: { reference } }) => {
      const page = async (ref = reference) => {
        const response = await consoleCall(t.app, agent, 'GET', `/requests/${ref}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ConsoleRequestDetail>();
      };
      const patch = (body: unknown, ref = reference) =>
        consoleCall(t.app, agent, 'PATCH', `/requests/${ref}/status`, body);
      const historyRows = async () =>
        (await t.app.db.selectFrom('request_status_history').select('id').execute()).length;
      const mailRows = async () =>
        (
          await t.app.db
            .selectFrom('outbox')
            .select(['type', 'message'])
            .where('type', '=', 'mail.request_status')
            .execute()
        ).length;
      return { page, patch, historyRows, mailRows };
    })
    .override({ backend, smtp: SMTP });

  it('shows what was asked, the customer, the files, the timeline and the next statuses', async ({
    t,
    agent,
    camille: customer,
    sent: { pdf, reference },
    helpers: { page },
  }) => {
    const detail = await page();
    expect(detail).toMatchObject({
      reference,
      kind: 'documents',
      status: 'received',
      contractNumber: ACTIVE,
      // In French, line by line, as the customer's own detail says it.
      answers: expect.arrayContaining([{ label: 'Fichier', value: 'Carte grise.pdf' }]),
      customer: { customerNumber: 'CLI-00100231', name: 'Camille Martin', email: DEMO.camille },
      assignee: null,
      nextStatuses: ['in_progress', 'awaiting_documents', 'done', 'refused'],
      timeline: [expect.objectContaining({ status: 'received' })],
    });
    expect(detail.files).toEqual([
      {
        id: expect.any(String),
        name: 'Carte grise.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        href: `/backoffice/api/requests/${reference}/files/${detail.files[0]!.id}`,
        previewHref: `/backoffice/api/requests/${reference}/files/${detail.files[0]!.id}?preview=1`,
      },
    ]);
    const [row] = await auditRows(t.app, 'request.read');
    expect(row).toMatchObject({
      staff_id: agent.id,
      staff_email: agent.email,
      target_kind: 'request',
      target_id: reference,
      account_id: customer.accountId,
      address: '127.0.0.1',
      user_agent: 'Console test',
    });
    const unknown = await consoleCall(t.app, agent, 'GET', '/requests/DEM-00000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('previews a PDF or an image inline, with nosniff and the sandbox CSP; audited', async ({
    t,
    agent,
    camille: customer,
    sent: { pdf, reference },
    helpers: { page },
  }) => {
    const png = await customerSendsFile(t.app, customer, ACTIVE, 'Photo.png', SAMPLE_PNG);
    for (const [ref, body, type] of [
      [reference, pdf, 'application/pdf'],
      [png, SAMPLE_PNG, 'image/png'],
    ] as const) {
      const { href } = (await page(ref)).files[0]!;
      const file = await consoleCall(t.app, agent, 'GET', href.replace('/backoffice/api', ''));
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(body)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
      });
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="/);
      expect(file.headers['content-security-policy']).toBe(
        "sandbox; default-src 'none'; frame-ancestors 'self'",
      );
    }
    const reads = await auditRows(t.app, 'request.file_read');
    expect(reads.map((r) => r.target_id)).toEqual([reference, png]);
    const missing = await consoleCall(t.app, agent, 'GET', `/requests/${reference}/files/nope`);
    expect(missing.statusCode).toBe(404);
    expect(await auditRows(t.app, 'request.file_read')).toHaveLength(2);
  });

  it('never sends the page an image over the pixel limits: its preview is refused, its download is one', async ({
    t,
    agent,
    camille: customer,
    helpers: { page },
  }) => {
    // An image stored before the limits (docs/decisions/0093-…): uploads refuse it now, so the
    // test writes its bytes over an accepted one's.
    const ref = await customerSendsFile(t.app, customer, ACTIVE, 'Plan.png', SAMPLE_PNG);
    const [file] = (await page(ref)).files;
    const huge = hugePng();
    const row = await t.app.db
      .updateTable('received_files')
      .set({ size: huge.length })
      .where('id', '=', file!.id.replace('received.', ''))
      .returning('storage_key')
      .executeTakeFirstOrThrow();
    await writeFile(path.join(t.config.documentsDir, row.storage_key), huge);
    const reads = (await auditRows(t.app, 'request.file_read')).length;
    const get = (href: string) =>
      consoleCall(t.app, agent, 'GET', href.replace('/backoffice/api', ''));

    const preview = await get(file!.previewHref);
    expect(preview.statusCode).toBe(409);
    expect(preview.headers['content-type']).toMatch(/^application\/json/);
    expect(preview.json().error.message).toBe(
      imagePreviewRefusal({ width: 30_000, height: 30_000 }),
    );
    expect(await auditRows(t.app, 'request.file_read')).toHaveLength(reads);

    const download = await get(file!.href);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(download.rawPayload.equals(huge)).toBe(true);
    expect(await auditRows(t.app, 'request.file_read')).toHaveLength(reads + 1);

    // An image within the limits is previewed.
    const small = await customerSendsFile(t.app, customer, ACTIVE, 'Photo.png', SAMPLE_PNG);
    const shown = await get((await page(small)).files[0]!.previewHref);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(shown.rawPayload.equals(SAMPLE_PNG)).toBe(true);
  });

  it('changes the status: the customer reads it, their e-mail is queued, it is audited', async ({
    t,
    agent,
    camille: customer,
    sent: { reference },
    helpers: { page, patch, historyRows, mailRows },
  }) => {
    const [history, mails] = [await historyRows(), await mailRows()];
    const moved = await patch({ status: 'in_progress', message: 'Dossier pris en charge.' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ reference, status: 'in_progress', changed: true });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${customer.accountId}/requests/${reference}`,
      headers: bearer(customer.token),
    });
    expect(seen.json<RequestDetail>()).toMatchObject({
      status: 'in_progress',
      statusMessage: 'Dossier pris en charge.',
    });
    expect(await historyRows()).toBe(history + 1);
    expect(await mailRows()).toBe(mails + 1);
    const actor = await t.app.db
      .selectFrom('request_status_history')
      .select('actor')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(actor.actor).toBe(`staff:${agent.id}`);
    const [row] = await auditRows(t.app, 'request.status_changed');
    expect(row).toMatchObject({ staff_id: agent.id, target_id: reference, address: '127.0.0.1' });
    expect(row!.details).toMatchObject({ from: 'received', to: 'in_progress' });
    expect((await page()).nextStatuses).toEqual(['awaiting_documents', 'done', 'refused']);
  });

  it('refuses a forbidden move (409), a bad body (400), an unknown request (404): nothing changes', async ({
    t,
    camille: customer,
    sent: { pdf },
    helpers: { page, patch, historyRows, mailRows },
  }) => {
    const before = [
      await historyRows(),
      await mailRows(),
      (await auditRows(t.app, 'request.status_changed')).length,
    ];
    const forbidden = await patch({ status: 'declared' });
    expect([400, 409]).toContain(forbidden.statusCode);
    const closed = await customerSendsFile(t.app, customer, ACTIVE, 'Permis.pdf', pdf);
    expect((await patch({ status: 'done' }, closed)).statusCode).toBe(200);
    const after = [
      await historyRows(),
      await mailRows(),
      (await auditRows(t.app, 'request.status_changed')).length,
    ];
    const conflict = await patch({ status: 'in_progress' }, closed);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toContain('close');
    const noReason = await patch({ status: 'refused' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().error.fields ?? {})).not.toHaveLength(0);
    expect((await patch({ status: 'in_progress' }, 'DEM-00000000')).statusCode).toBe(404);
    expect((await patch({ status: 42, message: ['x'] })).statusCode).toBe(400);
    expect(after[0]).toBe(before[0]! + 1);
    expect([
      await historyRows(),
      await mailRows(),
      (await auditRows(t.app, 'request.status_changed')).length,
    ]).toEqual(after);
    expect((await page()).status).toBe('in_progress');
  });

  it('assigns to myself, to a colleague, to nobody; refuses a disabled colleague', async ({
    t,
    agent,
    sent: { reference },
    helpers: { page },
  }) => {
    const colleague = await staffSignedIn(t.app, 'agent', 'Berthe Collègue');
    const assign = (staffId: string | null) =>
      consoleCall(t.app, agent, 'PUT', `/requests/${reference}/assignment`, { staffId });
    const mine = await assign(agent.id);
    expect(mine.json()).toEqual({
      reference,
      assignee: { id: agent.id, displayName: agent.displayName },
    });
    expect((await page()).assignee).toEqual({
      id: agent.id,
      displayName: agent.displayName,
      email: agent.email,
    });
    expect((await assign(colleague.id)).json().assignee.id).toBe(colleague.id);
    expect((await page()).assignee!.id).toBe(colleague.id);
    await t.app.db
      .updateTable('staff_accounts')
      .set({ disabled_at: new Date() })
      .where('id', '=', colleague.id)
      .execute();
    const refused = await assign(agent.id.replace(/./, 'x'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('staffId');
    expect((await assign(colleague.id)).statusCode).toBe(400);
    expect((await assign(null)).json()).toEqual({ reference, assignee: null });
    expect((await page()).assignee).toBeNull();
    const rows = await auditRows(t.app, 'request.assigned');
    expect(rows.map((r) => (r.details as { to: string | null }).to)).toEqual([
      agent.id,
      colleague.id,
      null,
    ]);
    const bad = await consoleCall(t.app, agent, 'PUT', `/requests/${reference}/assignment`, {});
    expect(bad.statusCode).toBe(400);
  });
});
