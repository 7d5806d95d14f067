// Complaints (« Réclamation », docs/product/complaints.md): filed by the customer with a
// reference and both deadlines at once, acknowledged by e-mail at once (SMTP stand-in), listed in
// 'Mes demandes', another customer's refused and never listed; in the console, the queue with
// both deadlines, the read audited, an answer short of full acceptance refused without the
// mediator (422, nothing written) and accepted with it, its PDF and mail; the register as CSV
// for supervisors only; the events of a request.
import {
  complaintDeadlines,
  todayInParis,
  type Complaint,
  type ComplaintReceipt,
  type ConsoleComplaint,
  type ConsoleComplaintList,
  type RequestList,
} from '@espace/contract';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall, staffSignedIn, type ConsoleStaff } from '../../support/console';
import { MULTIPART_HEADERS, multipartBody, SAMPLE_PNG } from '../../support/documents';
import {
  bearer,
  createTestApp,
  DEMO,
  signIn,
  subjectOf,
  type TestApp,
} from '../../support/harness';
import { decodeQuotedPrintable, startMailServer } from '../../support/mail-server-stand-in';

interface Who {
  token: string;
  accountId: string;
}

const COMPLAINT = {
  category: 'claim',
  text: 'Mon sinistre du mois dernier n’est toujours pas indemnisé.',
  expectation: 'Le versement de l’indemnité sous quinze jours.',
  origin: 'contact',
};

describe.each(BACKENDS)('complaints on %s', { timeout: 120_000 }, (backend) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let camille: Who;
  let jean: Who;
  let agent: ConsoleStaff;
  let supervisor: ConsoleStaff;
  let receipt: ComplaintReceipt;

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
    const who = async (email: string) => {
      const token = (await signIn(t.app, t.config, email)).access_token;
      return { token, accountId: subjectOf(token) };
    };
    camille = await who(DEMO.camille);
    jean = await who(DEMO.jean);
    agent = await staffSignedIn(t.app, 'agent', 'Léa Martin');
    supervisor = await staffSignedIn(t.app, 'supervisor');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
  });

  const api = (
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    as: Who = camille,
    account = as.accountId,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1/complaint/accounts/${account}/complaints${path}`,
      headers: bearer(as.token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const count = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('complaints')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mailsTo = (email: string) =>
    mail.received.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.data));

  it('files a complaint: its reference and both deadlines at once, the acknowledgement mailed', async () => {
    const filed = await api('POST', '', COMPLAINT);
    expect(filed.statusCode, filed.body).toBe(201);
    receipt = filed.json<ComplaintReceipt>();
    expect(receipt.reference).toMatch(/^REC-\d{8}-[A-Z0-9]{6}$/);
    expect(receipt).toMatchObject(complaintDeadlines(todayInParis()));

    await vi.waitFor(() => expect(mailsTo(DEMO.camille).join('')).toContain(receipt.reference), {
      timeout: 15_000,
    });
    const ack = mailsTo(DEMO.camille).find((m) => m.includes(receipt.reference))!;
    expect(ack).toContain('accusé de réception de votre réclamation');
    expect(ack).toContain('10 jours ouvrables');
    expect(ack).toContain('2 mois');

    const read = await api('GET', `/${receipt.reference}`);
    expect(read.statusCode).toBe(200);
    const complaint = read.json<Complaint>();
    expect(complaint).toMatchObject({
      categoryLabel: 'Sinistre et indemnisation',
      expectation: COMPLAINT.expectation,
      outcome: null,
      acknowledgeBy: receipt.acknowledgeBy,
    });
    expect(complaint.acknowledgedAt).not.toBeNull();

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${camille.accountId}/requests`,
      headers: bearer(camille.token),
    });
    const item = list.json<RequestList>().items.find((i) => i.reference === receipt.reference);
    expect(item).toMatchObject({ kind: 'complaint', kindLabel: 'Réclamation', status: 'received' });
  });

  it('takes a file through the documents’ upload service', async () => {
    const upload = (as: Who, account: string, reference = receipt.reference) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/complaint/accounts/${account}/complaints/${receipt.reference}/files`,
        headers: { ...bearer(as.token), ...MULTIPART_HEADERS },
        payload: multipartBody([
          { name: 'reference', value: reference },
          { name: 'file', fileName: 'photo.png', contentType: 'image/png', content: SAMPLE_PNG },
        ]),
      });
    const sent = await upload(camille, camille.accountId);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Complaint>().files).toMatchObject([
      { name: 'photo.png', contentType: 'image/png' },
    ]);
    // A file whose bytes are not what it claims is refused as the documents refuse it.
    const fake = await t.app.inject({
      method: 'POST',
      url: `/api/v1/complaint/accounts/${camille.accountId}/complaints/${receipt.reference}/files`,
      headers: { ...bearer(camille.token), ...MULTIPART_HEADERS },
      payload: multipartBody([
        { name: 'reference', value: receipt.reference },
        {
          name: 'file',
          fileName: 'x.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('not a pdf'),
        },
      ]),
    });
    expect(fake.statusCode).toBe(400);
    expect((await api('GET', `/${receipt.reference}`)).json<Complaint>().files).toHaveLength(1);
    // Jean: Camille's path is refused before the handler, his own path does not find it.
    expect((await upload(jean, camille.accountId)).statusCode).toBe(403);
    expect((await upload(jean, jean.accountId)).statusCode).toBe(404);
  });

  it('refuses another customer’s complaint and never lists it', async () => {
    expect((await api('GET', `/${receipt.reference}`, undefined, jean)).statusCode).toBe(404);
    expect(
      (await api('GET', `/${receipt.reference}`, undefined, jean, camille.accountId)).statusCode,
    ).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${jean.accountId}/requests?pageSize=100`,
      headers: bearer(jean.token),
    });
    expect(list.body).not.toContain(receipt.reference);
  });

  it('refuses bad input in French and writes nothing', async () => {
    const before = await count();
    const bad = await api('POST', '', { ...COMPLAINT, category: 'weather' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choisissez l’objet de votre réclamation');
    const empty = await api('POST', '', { ...COMPLAINT, expectation: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Dites-nous ce que vous attendez');
    // A request of Jean's is not Camille's to complain about.
    const jeans = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${jean.accountId}/requests`,
      headers: bearer(jean.token),
    });
    const foreign = jeans.json<RequestList>().items[0]!.reference;
    const other = await api('POST', '', {
      ...COMPLAINT,
      origin: 'request',
      requestReference: foreign,
    });
    expect(other.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('shows the console both deadlines, audits the read, and enforces the mediator', async () => {
    const queue = await consoleCall(t.app, agent, 'GET', '/complaints');
    expect(queue.statusCode, queue.body).toBe(200);
    const row = queue
      .json<ConsoleComplaintList>()
      .complaints.find((c) => c.reference === receipt.reference);
    expect(row).toMatchObject({
      acknowledgeBy: receipt.acknowledgeBy,
      answerBy: receipt.answerBy,
      acknowledgementLate: false,
      answerLate: false,
      answeredAt: null,
    });

    const opened = await consoleCall(t.app, agent, 'GET', `/complaints/${receipt.reference}`);
    expect(opened.statusCode).toBe(200);
    const complaint = opened.json<ConsoleComplaint>();
    expect(complaint.mediatorParagraph).toContain(t.config.legalIdentity.mediator);
    const reads = await auditRows(t.app, 'complaint.read');
    expect(reads.at(-1)).toMatchObject({ target_id: receipt.reference });

    // A refusal without the mediator's details is refused, and nothing changes.
    const answer = (body: unknown) =>
      consoleCall(t.app, agent, 'POST', `/complaints/${receipt.reference}/answer`, body);
    const bare = await answer({ outcome: 'refused', text: 'Nous maintenons notre position.' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json<{ error: { message: string } }>().error.message).toContain(
      'doit nommer le médiateur de l’assurance',
    );
    const partly = await answer({ outcome: 'partly', text: 'La Médiation de l’Assurance existe.' });
    expect(partly.statusCode).toBe(422);
    expect((await api('GET', `/${receipt.reference}`)).json<Complaint>().outcome).toBeNull();
    // A status change never closes a complaint: only its answer does.
    const patched = await consoleCall(
      t.app,
      agent,
      'PATCH',
      `/requests/${receipt.reference}/status`,
      {
        status: 'refused',
        message: 'Non.',
      },
    );
    expect(patched.statusCode).toBe(409);

    const text = `Nous avons examiné votre dossier et maintenons notre position.\n\n${complaint.mediatorParagraph}`;
    const answered = await answer({ outcome: 'refused', text });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ConsoleComplaint>()).toMatchObject({ outcome: 'refused' });
    expect((await answer({ outcome: 'accepted', text: 'Oui.' })).statusCode).toBe(409);
  });

  it('gives the customer the answer in the portal, as a PDF and by e-mail', async () => {
    const read = (await api('GET', `/${receipt.reference}`)).json<Complaint>();
    expect(read).toMatchObject({ outcome: 'refused', outcomeLabel: 'Réclamation refusée' });
    expect(read.answer).toContain(t.config.legalIdentity.mediator);
    const pdf = await api('GET', `/${receipt.reference}/answer`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const pdfText = (
      await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('Réponse à votre réclamation');
    expect(pdfText).toContain('Réclamation refusée');
    expect(pdfText).toContain('TSA 50110');
    expect((await api('GET', `/${receipt.reference}/answer`, undefined, jean)).statusCode).toBe(
      404,
    );

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${camille.accountId}/requests`,
      headers: bearer(camille.token),
    });
    expect(
      list.json<RequestList>().items.find((i) => i.reference === receipt.reference),
    ).toMatchObject({
      status: 'refused',
    });
    await vi.waitFor(
      () => expect(mailsTo(DEMO.camille).join('')).toContain('réponse à votre réclamation'),
      { timeout: 15_000 },
    );
    const answerMail = mail.received.find((m) => m.data.includes('application/pdf'))!;
    expect(answerMail.to).toContain(DEMO.camille);
  });

  it('records the events of a request', async () => {
    const events = await t.app.db
      .selectFrom('events')
      .select(['type', 'body'])
      .where('request_id', 'like', 'complaint:%')
      .orderBy('id')
      .execute();
    const types = events.map((e) => e.type);
    expect(types).toEqual(['request.created', 'request.status_changed']);
    expect(JSON.stringify(events[0]!.body)).toContain('"kind":"complaint"');
  });

  it('says in the queue when a deadline has passed', async () => {
    const filed = (
      await api('POST', '', { ...COMPLAINT, category: 'service' })
    ).json<ComplaintReceipt>();
    // As if received in January and never acknowledged nor answered.
    await t.app.db
      .updateTable('complaints')
      .set({ acknowledge_by: '2026-01-15', answer_by: '2026-03-01', acknowledged_at: null })
      .where('reference', '=', filed.reference)
      .execute();
    const queue = await consoleCall(t.app, agent, 'GET', '/complaints');
    const late = queue
      .json<ConsoleComplaintList>()
      .complaints.find((c) => c.reference === filed.reference);
    expect(late).toMatchObject({ acknowledgementLate: true, answerLate: true, answeredAt: null });
    // The answered one is left out of the open queue, and listed with all of them.
    expect(queue.body).not.toContain(receipt.reference);
    const all = await consoleCall(t.app, agent, 'GET', '/complaints?show=all');
    expect(all.body).toContain(receipt.reference);
  });

  it('exports the register as CSV for supervisors only', async () => {
    expect((await consoleCall(t.app, agent, 'GET', '/complaints/register')).statusCode).toBe(403);
    const csv = await consoleCall(t.app, supervisor, 'GET', '/complaints/register');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const body = csv.rawPayload.toString('utf8');
    expect(body.startsWith('\ufeff"Référence";"Catégorie";"Date de réception"')).toBe(true);
    const line = body.split('\r\n').find((l) => l.includes(receipt.reference))!;
    const [y, m, d] = todayInParis().split('-');
    expect(line).toContain(`"${d}/${m}/${y}";"${d}/${m}/${y}";"0"`);
    expect(line).toContain('"Réclamation refusée";"non";"non"');
    expect(await auditRows(t.app, 'complaint.register_exported')).toHaveLength(1);
  });
});
