// GET …/account/accounts/{accountId}/requests/{reference} (docs/product/requests.md « Le détail
// d’une demande »): the caller's own request with what was asked line by line (the IBAN only
// masked), its files and the timeline of statuses; another account's reference and an unknown
// one answer the same 404; a wrong token 401, another account's id 403.
import {
  maskIban,
  MESSAGES,
  type ClaimAcknowledgement,
  type ClaimDraft,
  type Policy,
  type RequestDetail,
  type RequestList,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import {
  changeRequestStatus,
  setRequestStatus,
} from '../../../src/services/requests/request-status';
import { BACKENDS } from '../../support/backends';
import { ACTIVE, accidentAnswers, claimCalls } from '../../support/claims';
import {
  MULTIPART_HEADERS,
  multipartBody,
  SAMPLE_JPEG,
  samplePdf,
  upfile,
} from '../../support/documents';
import { bearer, subjectOf } from '../../support/harness';

const WITH_PAYMENT = 'AU2025087731'; // Camille's Renault Clio V FT-219-BN
const IBAN = 'DE89370400440532013000';

describe.each(BACKENDS)('a request’s detail on %s', (backend) => {
  const it = apiTest
    .extend(
      'detail',
      ({ t, camille: { accountId, token } }) =>
        (reference: string, as = token, id = accountId) =>
          t.app.inject({
            method: 'GET',
            url: `/api/v1/account/accounts/${id}/requests/${encodeURIComponent(reference)}`,
            headers: as ? bearer(as) : {},
          }),
    )
    .extend(
      'post',
      ({ t, camille: { token } }) =>
        (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
          t.app.inject({
            method,
            url: `/api/v1/${url}`,
            headers: bearer(token),
            payload: payload as string,
          }),
    )
    /** A call-back to a new number each time (the same one twice is a duplicate). */
    .extend('callBack', ({ camille: { accountId }, post }) => async () => {
      calls += 1;
      const response = await post(`account/accounts/${accountId}/mail/phone-contact`, {
        phone: `06 12 34 56 7${calls}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ reference: string }>().reference;
    })
    .override({ backend });

  let calls = 0;

  it('shows the caller’s own request: the list item, what was asked, no file, « Reçue »', async ({
    t,
    camille: { accountId, token },
    callBack,
    detail,
  }) => {
    const reference = await callBack();
    const response = await detail(reference);
    expect(response.statusCode).toBe(200);
    const body = response.json<RequestDetail>();
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/accounts/${accountId}/requests?pageSize=1`,
        headers: bearer(token),
      })
    ).json<RequestList>().items[0]!;
    const { answers, files, timeline, ...item } = body;
    expect(item).toEqual(listed);
    expect(body).toMatchObject({ kind: 'call_back', reference, statusLabel: 'Reçue' });
    expect(answers).toEqual([{ label: 'Numéro à rappeler', value: '06 12 34 56 71' }]);
    expect(files).toEqual([]);
    expect(timeline).toEqual([
      {
        status: 'received',
        statusLabel: 'Reçue',
        at: body.createdAt,
        message: null,
        details: null,
      },
    ]);
  });

  it('answers 404 for another account’s reference and an unknown one, 403 and 401 otherwise', async ({
    jean: { token: jeanToken },
    callBack,
    detail,
  }) => {
    const reference = await callBack();
    const jeanId = subjectOf(jeanToken);
    const theirs = await detail(reference, jeanToken, jeanId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(MESSAGES.api.requestNotFound);
    const unknown = await detail('DEM-00000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(theirs.json());
    expect((await detail(reference, jeanToken)).statusCode).toBe(403);
    expect((await detail(reference, '')).statusCode).toBe(401);
  });

  it('shows the new bank details with the IBAN masked, never whole', async ({
    t,
    camille: { accountId },
    detail,
    post,
  }) => {
    const payment = await t.database.handle.db
      .selectFrom('payment_details')
      .select(['id', 'payment_method', 'owner_name'])
      .where('policy_number', '=', WITH_PAYMENT)
      .executeTakeFirstOrThrow();
    const response = await post(
      `policy/accounts/${accountId}/${WITH_PAYMENT}/payment-details`,
      {
        id: payment.id,
        paymentMethod: payment.payment_method,
        bankAccount: { iban: IBAN, ownerName: payment.owner_name, changeHolder: false },
      },
      'PUT',
    );
    expect(response.statusCode).toBe(200);
    const shown = await detail(response.json<{ reference: string }>().reference);
    expect(shown.json<RequestDetail>().answers).toEqual([
      { label: 'IBAN', value: maskIban(IBAN) },
      { label: 'Titulaire du compte', value: payment.owner_name },
    ]);
    expect(shown.body).not.toContain(IBAN);
    expect(shown.body).not.toContain('0532013000');
  });

  it('shows every status with its date and message, oldest first; « state=open » drops it when done', async ({
    t,
    camille: { accountId, token },
    callBack,
    detail,
  }) => {
    const reference = await callBack();
    const created = (await detail(reference)).json<RequestDetail>();
    const open = async (query = 'state=open&pageSize=50') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/accounts/${accountId}/requests?${query}`,
        headers: bearer(token),
      });
      return response.statusCode === 200
        ? response.json<RequestList>().items.map((r) => r.reference)
        : response.statusCode;
    };
    expect(await open()).toContain(reference);
    expect(await open('state=closed')).toBe(400);
    await setRequestStatus(t.database.handle.db, created.id, 'in_progress');
    await changeRequestStatus(
      t.database.handle.db,
      reference,
      { status: 'done', message: 'Nous vous avons rappelé le 23 novembre.' },
      { actor: 'test' },
    );
    const body = (await detail(reference)).json<RequestDetail>();
    expect(body).toMatchObject({
      status: 'done',
      statusLabel: 'Traitée',
      statusMessage: 'Nous vous avons rappelé le 23 novembre.',
    });
    expect(body.timeline.map(({ statusLabel, message }) => [statusLabel, message])).toEqual([
      ['Reçue', null],
      ['En cours de traitement', null],
      ['Traitée', 'Nous vous avons rappelé le 23 novembre.'],
    ]);
    expect(await open()).not.toContain(reference);
    const times = body.timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
  });

  it('lists a sent document’s file by name, type and size', async ({
    t,
    camille: { accountId, token },
    detail,
  }) => {
    const pdf = await samplePdf();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/uploadfile`,
      headers: { ...bearer(token), ...MULTIPART_HEADERS },
      payload: multipartBody([{ name: 'fileType', value: 'autre' }, upfile('Courrier.pdf', pdf)]),
    });
    expect(sent.statusCode).toBeLessThan(300);
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/accounts/${accountId}/requests?pageSize=1`,
        headers: bearer(token),
      })
    ).json<RequestList>().items[0]!;
    const body = (await detail(listed.reference)).json<RequestDetail>();
    expect(body.files).toEqual([
      {
        id: expect.any(String),
        name: 'Courrier.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      },
    ]);
    expect(body.answers).toContainEqual({ label: 'Fichier', value: 'Courrier.pdf' });
    expect(JSON.stringify(body)).not.toMatch(/storage|Key/);
  });

  it('follows a claim: its photos, constat and receipt, and the steps with their details', async ({
    t,
    camille: { accountId, token },
    detail,
  }) => {
    const claim = claimCalls(t.app, accountId, token);
    const policies = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/policy/accounts/${accountId}`,
        headers: bearer(token),
      })
    ).json<Policy[]>();
    const driverId = policies.find((p) => p.policyNumber === ACTIVE)!.drivers[0]!.id;
    const draft = (await claim.create(ACTIVE)).json<ClaimDraft>();
    for (const [step, body] of accidentAnswers(driverId)) await claim.save(draft.id, step, body);
    await claim.upload(draft.id, 'photo', 'avant.jpg', SAMPLE_JPEG, 'image/jpeg');
    await claim.upload(draft.id, 'constat', 'constat.pdf', await samplePdf(), 'application/pdf');
    const { reference } = (await claim.submit(draft.id)).json<ClaimAcknowledgement>();
    await changeRequestStatus(
      t.database.handle.db,
      reference,
      { status: 'expert_appointed', expertise: { date: '2026-12-02', expert: 'Cabinet Durand' } },
      { actor: 'test' },
    );
    const body = (await detail(reference)).json<RequestDetail>();
    expect(body).toMatchObject({ kind: 'claim', status: 'expert_appointed' });
    expect(body.answers.map((a) => a.label)).toEqual(['Nature du sinistre', 'Date', 'Lieu']);
    expect(body.files.map((f) => [f.name, f.contentType])).toEqual([
      ['avant.jpg', 'image/jpeg'],
      ['constat.pdf', 'application/pdf'],
      [expect.stringMatching(/\.pdf$/), 'application/pdf'],
    ]);
    expect(body.timeline.map((e) => [e.statusLabel, e.details])).toEqual([
      ['Déclaré', null],
      ['Expertise planifiée', { expertise: { date: '2026-12-02', expert: 'Cabinet Durand' } }],
    ]);
  });

  it('is declared in the customer API’s OpenAPI document', async ({ t }) => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    const path = doc.paths['/api/v1/account/accounts/{accountId}/requests/{reference}'];
    expect(Object.keys(path?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
  });
});
