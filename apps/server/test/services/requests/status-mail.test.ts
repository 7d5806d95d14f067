// The customer's e-mails (docs/integration.md « E-mails au client »): each status change the
// broker makes through the API, and each new document it puts online, reaches a real SMTP
// server through the one outbox relay: French, HTML and text in the brand skin (MAIL_BRAND),
// naming the request and its new status, with the broker's message and the portal's link.
// None for a PATCH that changes nothing or a document sent again; none without SMTP_URL.
import { NEW_DOCUMENT_MAIL_TEXTS, STATUS_MAIL_TEXTS, type Policy } from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { apiTest, SMTP, type Customer } from '../../support/api-test';
import { BO } from '../../support/integration';
import { samplePdf } from '../../support/documents';
import { customerAsksCallBack, customerSendsFile, patchRequest } from '../../support/events';
import { DEMO, type TestApp } from '../../support/harness';
import { decodeQuotedPrintable } from '../../support/mail-server-stand-in';

const ACTIVE = 'AU2026104512'; // Camille's Peugeot 208
const PORTAL = 'http://localhost:3000';

/** The Subject header, its RFC 2047 words decoded. */
function subjectOfMail(data: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(data)![1]!.replace(/\r?\n[ \t]/g, ' ');
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

/** The piece a request awaits, as the customer's policies read lists it on the contract. */
async function awaitedPiece(t: TestApp, customer: Customer, reference: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/policy/accounts/${customer.accountId}`,
    headers: customer.headers,
  });
  const policy = response.json<Policy[]>().find((p) => p.policyNumber === ACTIVE)!;
  return policy.documents.find((d) => d.description.includes(reference))!;
}

const mailRows = async (t: TestApp) =>
  (
    await t.app.db
      .selectFrom('outbox')
      .select('type')
      .where('type', 'like', 'mail.%')
      .where('type', '!=', 'mail.invitation')
      .execute()
  ).length;

describe('the customer’s e-mails with SMTP configured', () => {
  const it = apiTest
    .extend(
      'mailsToCamille',
      ({ mail }) =>
        () =>
          mail.received.filter((m) => m.to.includes(DEMO.camille)),
    )
    .override({ appConfig: { mailBrand: 'vireo' }, smtp: SMTP });

  it('mails each status change: subject, text and HTML in the skin, message and link', async ({
    t,
    integration: { token },
    camille: customer,
    mailsToCamille,
  }) => {
    const reference = await customerAsksCallBack(t.app, customer);
    const message = 'Nous vous appellerons demain matin & confirmerons <par écrit>.';
    const moved = await patchRequest(t.app, token, reference, { status: 'in_progress', message });
    expect(moved.json()).toMatchObject({ changed: true });
    await vi.waitFor(() => expect(mailsToCamille()).toHaveLength(1), { timeout: 15_000 });
    const { data } = mailsToCamille()[0]!;
    expect(subjectOfMail(data)).toBe(
      `Vireo Assurance\u00a0: votre demande ${reference} est «\u00a0En cours de traitement\u00a0»`,
    );
    const body = decodeQuotedPrintable(data);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('Bonjour Camille,');
    expect(body).toContain(
      `Votre demande «\u00a0Demande de rappel\u00a0» (référence ${reference}) est désormais «\u00a0En cours de traitement\u00a0».`,
    );
    expect(body).toContain(`«\u00a0${message}\u00a0»`); // the text, as written
    expect(body).toContain('demain matin &amp; confirmerons &lt;par écrit&gt;.'); // the HTML, escaped
    expect(body).toContain(`${PORTAL}/account/requests/${reference}`);
    expect(body).toContain(`<a href="${PORTAL}/account/requests/${reference}"`);
    expect(body).toContain(STATUS_MAIL_TEXTS.action);
    expect(body).toContain('#24522f'); // Vireo's primary colour, from brands.css
  });

  it('writes no mail for the same PATCH again, and none is sent', async ({
    t,
    integration: { token },
    camille: customer,
    mailsToCamille,
  }) => {
    const pdf = await samplePdf();
    const reference = await customerSendsFile(t.app, customer, ACTIVE, 'Courrier.pdf', pdf);
    const body = { status: 'done', message: 'Rappel effectué.' };
    expect((await patchRequest(t.app, token, reference, body)).json()).toMatchObject({
      changed: true,
    });
    const sent = mailsToCamille().length + 1;
    await vi.waitFor(() => expect(mailsToCamille()).toHaveLength(sent), { timeout: 15_000 });
    const rows = await mailRows(t);
    expect((await patchRequest(t.app, token, reference, body)).json()).toMatchObject({
      changed: false,
    });
    expect(await mailRows(t)).toBe(rows);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsToCamille()).toHaveLength(sent);
  });

  it('tells what to send for « en attente de pièces », with the documents link', async ({
    t,
    integration: { token },
    camille: customer,
    mailsToCamille,
  }) => {
    const pdf = await samplePdf();
    const reference = await customerSendsFile(t.app, customer, ACTIVE, 'Scan.pdf', pdf);
    const before = mailsToCamille().length;
    const moved = await patchRequest(t.app, token, reference, {
      status: 'awaiting_documents',
      document: { name: 'Relevé d’information', dueOn: '2027-01-15' },
    });
    expect(moved.statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsToCamille()).toHaveLength(before + 1), { timeout: 15_000 });
    const body = decodeQuotedPrintable(mailsToCamille().at(-1)!.data);
    expect(body).toContain(
      'votre courtier attend la pièce «\u00a0Relevé d’information\u00a0», à transmettre avant le 15.01.2027.',
    );
    expect(body).toContain(`${PORTAL}/account/requests/${reference}`);
    // « Déposer la pièce » opens « Documents à fournir » on the piece the customer now reads
    // there: its contract and its type, as the policies read lists it.
    const piece = await awaitedPiece(t, customer, reference);
    expect(piece).toMatchObject({ name: 'Relevé d’information', askedForRequest: true });
    const link = new RegExp(`<a href="([^"]+)"[^>]*>${STATUS_MAIL_TEXTS.provideAction}<`).exec(
      body,
    )![1]!;
    const url = new URL(link.replaceAll('&amp;', '&'));
    expect(`${url.origin}${url.pathname}`).toBe(`${PORTAL}/documents/1`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      contrat: ACTIVE,
      document: piece.fileType,
    });
  });

  it('mails a new document once, not when it is sent again unchanged', async ({
    t,
    integration: { token },
    mailsToCamille,
  }) => {
    const pdf = await samplePdf();
    const upload = () =>
      t.app.inject({
        method: 'PUT',
        url: `${BO}/contracts/${ACTIVE}/documents/AE-2027?fileName=Avis.pdf&title=Avis%20d%E2%80%99%C3%A9ch%C3%A9ance%202027`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
        payload: pdf,
      });
    const before = mailsToCamille().length;
    expect((await upload()).statusCode).toBe(201);
    await vi.waitFor(() => expect(mailsToCamille()).toHaveLength(before + 1), { timeout: 15_000 });
    const { data } = mailsToCamille().at(-1)!;
    expect(subjectOfMail(data)).toBe(NEW_DOCUMENT_MAIL_TEXTS.subject('Vireo Assurance'));
    const body = decodeQuotedPrintable(data);
    expect(body).toContain(
      `Un nouveau document, «\u00a0Avis d’échéance 2027\u00a0», est disponible pour votre contrat ${ACTIVE}.`,
    );
    expect(body).toContain(`<a href="${PORTAL}/documents/0"`);
    const rows = await mailRows(t);
    expect((await upload()).json()).toMatchObject({ changed: false });
    expect(await mailRows(t)).toBe(rows);
  });
});

describe('the customer’s e-mails without SMTP (demo mode)', () => {
  const it = apiTest;

  it('moves the request and writes no mail', async ({ t, integration: { token }, camille }) => {
    const reference = await customerAsksCallBack(t.app, camille);
    const moved = await patchRequest(t.app, token, reference, { status: 'in_progress' });
    expect(moved.json()).toMatchObject({ changed: true });
    expect(await mailRows(t)).toBe(0);
  });
});
