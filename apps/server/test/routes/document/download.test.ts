// The documents to download (docs/product/documents.md document calls, docs/decisions/0010-scoped-by-the-token.md and docs/decisions/0018-documents-streamed-and-sniffed.md): every
// call scoped to the caller's account, files sent as attachments that cannot run as pages.
import { DOCUMENT_NOT_FOUND_MESSAGE, downloadedDocumentListSchema } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { MULTIPART_HEADERS, multipartBody, samplePdf, upfile } from '../../support/documents';
import { bearer, DEMO, signIn, subjectOf } from '../../support/harness';

const CAMILLE_NEW = 'AU2026104512';
const CAMILLE_OTHER = 'AU2025087731';
const JEAN_TERMINATED = 'AU2020007342';
const LEA_POLICY = 'AU2025110264';

describe.each(BACKENDS)('document download API on %s', (backend) => {
  const it = apiTest
    .extend(
      'base',
      ({ camille: { accountId } }) =>
        (policy: string, account = accountId) =>
          `/api/v1/document/accounts/${account}/policy/${policy}`,
    )
    .extend(
      'get',
      ({ t, camille: { token } }) =>
        (url: string, auth = token) =>
          t.app.inject({ method: 'GET', url, headers: bearer(auth) }),
    )
    .override({ backend });

  it('requires authentication', async ({ t, base }) => {
    const response = await t.app.inject({ method: 'GET', url: base(CAMILLE_NEW) });
    expect(response.statusCode).toBe(401);
  });

  it('lists the generated documents, then the stored general conditions, with ISO creation dates', async ({
    camille: { accountId },
    base,
    get,
  }) => {
    const response = await get(base(CAMILLE_NEW));
    expect(response.statusCode).toBe(200);
    const docs = downloadedDocumentListSchema.parse(response.json());
    expect(docs.map((d) => d.fileName)).toEqual([
      `Mémo Véhicule Assuré ${CAMILLE_NEW}.pdf`,
      `Attestation d’assurance ${CAMILLE_NEW}.pdf`,
      `Relevé d’informations ${CAMILLE_NEW}.pdf`,
      'Conditions générales.pdf',
    ]);
    // Generated on request, so dated today; the stored one on the policy's start date (docs/product/documents.md
    // 'created', shown dd.mm.yyyy).
    const policies = (await get(`/api/v1/policy/accounts/${accountId}`)).json<
      { policyNumber: string; startDate: string }[]
    >();
    const start = policies.find((p) => p.policyNumber === CAMILLE_NEW)!.startDate;
    expect(docs.at(-1)!.created.slice(0, 10)).toBe(start);
    const age = Date.now() - Date.parse(docs[0]!.created);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60_000);
  });

  it('lists only the relevé and the stored documents for terminated policies', async ({
    jean: { token: jeanToken },
    base,
    get,
  }) => {
    const response = await get(base(JEAN_TERMINATED, subjectOf(jeanToken)), jeanToken);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ fileName: string }[]>().map((d) => d.fileName)).toEqual([
      `Relevé d’informations ${JEAN_TERMINATED}.pdf`,
      'Conditions générales.pdf',
    ]);
  });

  it('lists only the generated documents for a policy with none stored', async ({
    t,
    base,
    get,
  }) => {
    const { db } = t.database.handle;
    await db.deleteFrom('downloadable_documents').where('policy_number', '=', LEA_POLICY).execute();
    const leaToken = (await signIn(t.app, t.config, DEMO.lea)).access_token;
    const response = await get(base(LEA_POLICY, subjectOf(leaToken)), leaToken);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ fileName: string }[]>().map((d) => d.fileName)).toEqual([
      `Mémo Véhicule Assuré ${LEA_POLICY}.pdf`,
      `Attestation d’assurance ${LEA_POLICY}.pdf`,
      `Relevé d’informations ${LEA_POLICY}.pdf`,
    ]);
  });

  it('sends a document as a PDF attachment under its file name, nosniff and sandboxed', async ({
    base,
    get,
  }) => {
    const docs = downloadedDocumentListSchema.parse((await get(base(CAMILLE_NEW))).json());
    const certificate = docs.find((d) => d.fileName.startsWith('Attestation'))!;
    const response = await get(`${base(CAMILLE_NEW)}/document/${certificate.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Attestation d_assurance ${CAMILLE_NEW}.pdf"; filename*=UTF-8''Attestation%20d%E2%80%99assurance%20${CAMILLE_NEW}.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  describe('scoping', () => {
    it("refuses another account's id in the path with 403, on all three calls", async ({
      t,
      camille: { token },
      jean: { token: jeanToken },
      base,
      get,
    }) => {
      const other = subjectOf(jeanToken);
      const list = await get(base(JEAN_TERMINATED, other));
      const download = await get(`${base(JEAN_TERMINATED, other)}/document/x`);
      const upload = await t.app.inject({
        method: 'POST',
        url: `${base(JEAN_TERMINATED, other)}/uploadfile`,
        headers: { ...bearer(token), ...MULTIPART_HEADERS },
        payload: multipartBody([
          { name: 'fileType', value: 'autre' },
          upfile('a.pdf', await samplePdf()),
        ]),
      });
      expect([list.statusCode, download.statusCode, upload.statusCode]).toEqual([403, 403, 403]);
    });

    it("answers 404 'Policy not found' for another customer's policy, on all three calls", async ({
      t,
      camille: { token },
      base,
      get,
    }) => {
      const list = await get(base(LEA_POLICY));
      const download = await get(`${base(LEA_POLICY)}/document/x`);
      const upload = await t.app.inject({
        method: 'POST',
        url: `${base(LEA_POLICY)}/uploadfile`,
        headers: { ...bearer(token), ...MULTIPART_HEADERS },
        payload: multipartBody([
          { name: 'fileType', value: 'autre' },
          upfile('a.pdf', await samplePdf()),
        ]),
      });
      for (const response of [list, download, upload]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe('Policy not found');
      }
    });

    it("answers 404 'Policy not found' for a policy that does not exist", async ({ base, get }) => {
      const response = await get(base('AU0000000000'));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Policy not found');
    });

    it("answers 404 for a document of the customer's other policy or of another customer", async ({
      jean: { token: jeanToken },
      base,
      get,
    }) => {
      // Stored documents (the generated ones share their ids across policies).
      const ownOther = downloadedDocumentListSchema
        .parse((await get(base(CAMILLE_OTHER))).json())
        .at(-1);
      const jeans = downloadedDocumentListSchema.parse(
        (await get(base(JEAN_TERMINATED, subjectOf(jeanToken)), jeanToken)).json(),
      );
      for (const id of [ownOther!.id, jeans.at(-1)!.id, 'not-a-document']) {
        const response = await get(`${base(CAMILLE_NEW)}/document/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(DOCUMENT_NOT_FOUND_MESSAGE);
      }
    });
  });
});
