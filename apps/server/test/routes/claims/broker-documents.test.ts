// Documents the broker asks for on a claim (docs/product/claims.md « After sending »,
// docs/integration.md « Statuts »): PATCH /backoffice/v1/requests/{reference} with
// 'awaiting_documents' and a document adds it, owed, to the claim's contract, tied to the claim
// (policy_documents.request_id 'claim:<id>'); the customer's documents (their contract's list)
// show it, and the existing upload route takes its file and marks it received. An upload for
// an unknown claim answers 404 'Sinister not found'; a wrong scope 403, no token 401.
import {
  UPLOAD_FORM_FIELDS,
  type ClaimAcknowledgement,
  type ClaimDraft,
  type Policy,
} from '@espace/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { BO, integrationToken } from '../../support/integration';
import { ACTIVE, accidentAnswers, claimCalls } from '../../support/claims';
import { MULTIPART_HEADERS, multipartBody, samplePdf } from '../../support/documents';
import { bearer } from '../../support/harness';

const DOCUMENT = { name: 'Devis de réparation du garage', files: 1 };

describe.each(BACKENDS)('documents the broker asks for on a claim, on %s', (backend) => {
  const it = apiTest
    .extend(
      'policy',
      ({ t, camille: { accountId, token } }) =>
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/v1/policy/accounts/${accountId}`,
              headers: bearer(token),
            })
          )
            .json<Policy[]>()
            .find((p) => p.policyNumber === ACTIVE)!,
    )
    .extend(
      'patch',
      ({ t, integration: { token: broker } }) =>
        (reference: string, body: unknown, auth = broker) =>
          t.app.inject({
            method: 'PATCH',
            url: `${BO}/requests/${reference}`,
            headers: { ...bearer(auth), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          }),
    )
    .extend(
      'upload',
      ({ t, camille: { accountId, token } }) =>
        async (fileType: string) =>
          t.app.inject({
            method: 'POST',
            url: `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/uploadfile`,
            headers: { ...bearer(token), ...MULTIPART_HEADERS },
            payload: multipartBody([
              { name: UPLOAD_FORM_FIELDS.fileType, value: fileType },
              {
                name: UPLOAD_FORM_FIELDS.file,
                fileName: 'devis.pdf',
                contentType: 'application/pdf',
                content: await samplePdf(),
              },
            ]),
          }),
    )
    .extend('calls', ({ t, camille }) => claimCalls(t.app, camille.accountId, camille.token))
    .extend('sendClaim', ({ calls, policy }) => async () => {
      const driverId = (await policy()).drivers[0]!.id;
      const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
      for (const [step, body] of accidentAnswers(driverId)) await calls.save(draft.id, step, body);
      await calls.save(draft.id, 'constat', { eConstatReference: 'EC-2026-000001' });
      const sent = await calls.submit(draft.id);
      expect(sent.statusCode).toBe(201);
      return sent.json<ClaimAcknowledgement>().reference;
    })
    .override({ backend });

  it('refuses the request without a token or without the write scope, and changes nothing', async ({
    t,
    patch,
    policy,
    sendClaim,
  }) => {
    const reference = await sendClaim();
    const reader = (await integrationToken(t.app, ['backoffice:read'])).token;
    const body = { status: 'awaiting_documents', document: DOCUMENT };
    expect((await patch(reference, body, 'not-a-token')).statusCode).toBe(401);
    expect((await patch(reference, body, reader)).statusCode).toBe(403);
    expect((await policy()).documents.map((d) => d.name)).not.toContain(DOCUMENT.name);
  });

  // The document asked for gets a file type of its own (services/requests/request-status.ts),
  // so the contract's one-document-per-type rule holds and the documents screen opens it.
  it('adds the document to the claim’s contract, shown to the customer, and takes its file', async ({
    t,
    camille: { accountId, token },
    integration: { token: broker },
    patch,
    policy,
    sendClaim,
    upload,
  }) => {
    const reference = await sendClaim();
    const { id: requestId } = await t.app.db
      .selectFrom('customer_requests')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const asked = await patch(reference, { status: 'awaiting_documents', document: DOCUMENT });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ reference, status: 'awaiting_documents' });

    const row = await t.app.db
      .selectFrom('policy_documents')
      .select(['request_id', 'file_type'])
      .where('policy_number', '=', ACTIVE)
      .where('name', '=', DOCUMENT.name)
      .executeTakeFirstOrThrow();
    expect(requestId).toMatch(/^claim:/);
    expect(row.request_id).toBe(requestId);

    const owed = (await policy()).documents.find((d) => d.name === DOCUMENT.name);
    expect(owed).toMatchObject({ status: null, filesReceived: 0, exactFileNumber: 1 });
    expect(owed!.description).toContain(reference);

    const sent = await upload(owed!.fileType);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await policy()).documents.find((d) => d.name === DOCUMENT.name)).toMatchObject({
      status: 'received',
      filesReceived: 1,
    });
    // The file is the claim's: the broker reads it among the claim's files, and so does the
    // customer in the claim's detail.
    const asBroker = await t.app.inject({
      method: 'GET',
      url: `${BO}/requests/${reference}`,
      headers: bearer(broker),
    });
    const files = asBroker.json<{ files: { name: string; href: string }[] }>().files;
    expect(files.map((f) => f.name)).toContain('devis.pdf');
    const download = await t.app.inject({
      method: 'GET',
      url: files.find((f) => f.name === 'devis.pdf')!.href,
      headers: bearer(broker),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${accountId}/requests/${reference}`,
      headers: bearer(token),
    });
    expect(mine.json<{ files: { name: string }[] }>().files.map((f) => f.name)).toContain(
      'devis.pdf',
    );
  });

  it('answers 404 « Sinister not found » for a claim file upload on an unknown claim', async ({
    calls,
  }) => {
    for (const draftId of [randomUUID(), 'not-a-claim']) {
      const response = await calls.upload(
        draftId,
        'photo',
        'p.pdf',
        await samplePdf(),
        'application/pdf',
      );
      expect(response.statusCode, draftId).toBe(404);
      expect(response.json().error.message, draftId).toBe('Sinister not found');
    }
  });
});
