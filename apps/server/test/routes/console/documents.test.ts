// Documents checked in the console and by the integration API (docs/console.md « Documents »,
// docs/integration.md « Documents à fournir »): one service behind both. A document the customer
// sent (« En cours de vérification ») is validated or found « Non conforme » with a reason; the
// customer's policies read shows it at once (status, reason, what is owed), their e-mail goes
// through the outbox, the event `document.status_changed` is recorded, the requests that sent
// its files are closed, the broker's record gets a new version, and the check is in the journal.
// A refusal without a reason, a document not waiting for a check or unknown, a customer's token
// or no session change nothing.
import type { CustomerFile, DocumentCheckResult, Policy } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest, SMTP } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall } from '../../support/console';
import { samplePdf } from '../../support/documents';
import { customerSendsFile } from '../../support/events';
import { bearer, DEMO } from '../../support/harness';
import { BO, integrationToken } from '../../support/integration';
import { decodeQuotedPrintable } from '../../support/mail-server-stand-in';

const CAMILLE = 'CLI-00100231';
const PEUGEOT = 'AU2026104512'; // its « Carte grise » is « En cours de vérification »
const REASON = 'La carte grise est illisible : renvoyez une photo nette, recto verso.';

describe.each(BACKENDS)('documents checked (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('helpers', ({ t, agent, camille: customer }) => {
      const file = async () => {
        const response = await consoleCall(t.app, agent, 'GET', `/customers/${CAMILLE}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<CustomerFile>();
      };
      const owed = async (policyNumber: string, name: string) =>
        (await file()).owedDocuments.find(
          (d) => d.policyNumber === policyNumber && d.name === name,
        )!;
      const check = (id: string, body: unknown, who: { cookie: string } | null = agent) =>
        consoleCall(t.app, who, 'POST', `/documents/${id}/check`, body);
      const asCustomer = async (policyNumber: string, name: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/policy/accounts/${customer.accountId}`,
          headers: bearer(customer.token),
        });
        const policy = response.json<Policy[]>().find((p) => p.policyNumber === policyNumber)!;
        return policy.documents.find((d) => d.name === name)!;
      };
      const counts = async () => ({
        mails: (
          await t.app.db
            .selectFrom('outbox')
            .select('id')
            .where('type', '=', 'mail.document_checked')
            .execute()
        ).length,
        events: (
          await t.app.db
            .selectFrom('events')
            .select('id')
            .where('type', '=', 'document.status_changed')
            .execute()
        ).length,
      });
      return { file, owed, check, asCustomer, counts };
    })
    .override({ backend, smtp: SMTP });

  it('refuses a refusal without its reason, an unknown document, a customer or no session', async ({
    t,
    camille: customer,
    helpers: { owed, check, asCustomer, counts },
  }) => {
    const carte = await owed(PEUGEOT, 'Carte grise');
    expect(carte).toMatchObject({ status: 'received', checkable: true });
    const before = await counts();
    const bare = await check(carte.id, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.reason).toMatch(/^Indiquez au client pourquoi/);
    expect((await check(carte.id, { status: 'lost' })).statusCode).toBe(400);
    expect((await check('999999', { status: 'validated' })).statusCode).toBe(404);
    expect((await check('abc', { status: 'validated' })).statusCode).toBe(404);
    expect((await check(carte.id, { status: 'validated' }, null)).statusCode).toBe(401);
    const token = await consoleCall(
      t.app,
      null,
      'POST',
      `/documents/${carte.id}/check`,
      { status: 'validated' },
      bearer(customer.token),
    );
    expect(token.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect((await asCustomer(PEUGEOT, 'Carte grise')).status).toBe('received');
  });

  it('finds a document « Non conforme » with its reason: the customer reads it, is mailed, the broker hears of it', async ({
    t,
    agent,
    mail,
    camille: customer,
    helpers: { owed, check, asCustomer, counts },
  }) => {
    const carte = await owed(PEUGEOT, 'Carte grise');
    const before = await counts();
    const response = await check(carte.id, { status: 'rejected', reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DocumentCheckResult>()).toMatchObject({
      customerNumber: CAMILLE,
      contractNumber: PEUGEOT,
      documentId: 'carte_grise',
      status: 'rejected',
      statusLabel: 'Non conforme',
      reason: REASON,
      changed: true,
    });
    // The customer's own read: the status, the reason; owed again (canUpload, the banner's count).
    expect(await asCustomer(PEUGEOT, 'Carte grise')).toMatchObject({
      status: 'rejected',
      statusReason: REASON,
      filesReceived: 0,
    });
    expect(await counts()).toEqual({ mails: before.mails + 1, events: before.events + 1 });
    const event = await t.app.db
      .selectFrom('events')
      .select('body')
      .where('type', '=', 'document.status_changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.body).toMatchObject({
      data: { contractNumber: PEUGEOT, status: 'rejected', reason: REASON },
    });
    await expect.poll(() => mail.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const sent = mail.received.find((m) => decodeQuotedPrintable(m.data).includes('Carte grise'))!;
    expect(sent.to).toEqual([DEMO.camille]);
    const text = decodeQuotedPrintable(sent.data);
    expect(text).toContain('n’est pas conforme');
    expect(text).toContain('illisible');
    // The link opens « Documents à fournir » on the document to send again (its contract, its type).
    const link = /<a href="([^"]+)"/.exec(text)![1]!.replaceAll('&amp;', '&');
    const url = new URL(link);
    expect(url.pathname).toBe('/documents/1');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      contrat: PEUGEOT,
      document: (await asCustomer(PEUGEOT, 'Carte grise')).fileType,
    });
    const [row] = (await auditRows(t.app, 'document.checked')).slice(-1);
    expect(row).toMatchObject({
      staff_id: agent.id,
      target_kind: 'document',
      account_id: customer.accountId,
    });
    expect(row!.details).toMatchObject({ status: 'rejected', reason: REASON });
    // The console shows who checked it; the same check again changes nothing.
    expect(await owed(PEUGEOT, 'Carte grise')).toMatchObject({
      status: 'rejected',
      statusReason: REASON,
      checkable: false,
      checkedBy: { displayName: agent.displayName, email: agent.email },
    });
    const again = await check(carte.id, { status: 'rejected', reason: REASON });
    expect(again.json()).toMatchObject({ changed: false });
    expect(await counts()).toEqual({ mails: before.mails + 1, events: before.events + 1 });
    // Not waiting for a check any more: a validation is refused, naming its status.
    const late = await check(carte.id, { status: 'validated' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('Non conforme');
  });

  it('validates a document once its files are sent: its requests close, its record moves on', async ({
    t,
    agent,
    camille: customer,
    helpers: { owed, check, asCustomer },
  }) => {
    const pdf = await samplePdf();
    const sent = [
      await customerSendsFile(t.app, customer, PEUGEOT, 'permis-recto.pdf', pdf, 'permis'),
      await customerSendsFile(t.app, customer, PEUGEOT, 'permis-verso.pdf', pdf, 'permis'),
    ];
    const permis = await owed(PEUGEOT, 'Permis de conduire');
    expect(permis).toMatchObject({ status: 'received', checkable: true });
    expect(permis.files.map((f) => f.name).sort()).toEqual([
      'permis-recto.pdf',
      'permis-verso.pdf',
    ]);
    expect(permis.files.map((f) => f.reference).sort()).toEqual([...sent].sort());
    const { token } = await integrationToken(t.app);
    const recordUrl = `${BO}/contracts/${PEUGEOT}/owed-documents/permis`;
    const before = (await t.app.inject({ url: recordUrl, headers: bearer(token) })).json();
    const response = await check(permis.id, { status: 'validated', reason: 'ignoré' });
    expect(response.json()).toMatchObject({ status: 'validated', reason: null, changed: true });
    expect(await asCustomer(PEUGEOT, 'Permis de conduire')).toMatchObject({ status: 'validated' });
    const after = (await t.app.inject({ url: recordUrl, headers: bearer(token) })).json();
    expect(after).toMatchObject({ status: 'validated', version: before.version + 1 });
    // The files' requests are done, as the customer reads them in 'Mes demandes'.
    for (const reference of sent) {
      const page = await consoleCall(t.app, agent, 'GET', `/requests/${reference}`);
      expect(page.json()).toMatchObject({
        status: 'done',
        documents: [{ name: 'Permis de conduire', status: 'validated' }],
      });
    }
  });

  it('is the integration API’s own check, by the broker’s document id', async ({
    t,
    helpers: { owed, asCustomer, counts },
  }) => {
    const { token } = await integrationToken(t.app);
    const url = `${BO}/contracts/${PEUGEOT}/owed-documents`;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url}/RIB-1`,
      headers: bearer(token),
      payload: {
        type: 'rib',
        name: 'RIB',
        description: 'Relevé d’identité bancaire',
        status: 'received',
      },
    });
    expect(put.statusCode, put.body).toBe(201);
    const before = await counts();
    const patch = (body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `${url}/RIB-1/status`,
        headers: bearer(token),
        payload: body as object,
      });
    expect((await patch({ status: 'rejected' })).statusCode).toBe(400);
    const done = await patch({ status: 'rejected', reason: 'Ce RIB n’est pas à votre nom.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ documentId: 'RIB-1', status: 'rejected', changed: true });
    expect(await counts()).toEqual({ mails: before.mails + 1, events: before.events + 1 });
    expect(await asCustomer(PEUGEOT, 'RIB')).toMatchObject({
      status: 'rejected',
      statusReason: 'Ce RIB n’est pas à votre nom.',
    });
    // The console names the broker's systems as who checked it.
    expect((await owed(PEUGEOT, 'RIB')).checkedBy).toEqual({
      displayName: 'Le système d’information du courtier',
      email: null,
    });
    // A PUT with another status forgets the reason.
    await t.app.inject({
      method: 'PUT',
      url: `${url}/RIB-1`,
      headers: bearer(token),
      payload: {
        type: 'rib',
        name: 'RIB',
        description: 'Relevé d’identité bancaire',
        status: 'pending',
      },
    });
    expect((await asCustomer(PEUGEOT, 'RIB')).statusReason ?? null).toBeNull();
    expect((await patch({ status: 'validated' })).statusCode).toBe(409);
  });
});
