// The integration API's documents (docs/integration.md): those the customer must still send,
// and the broker's PDFs the customer downloads, streamed to storage and checked by their bytes.
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { BO, call, contractRecord } from '../../support/integration';
import { samplePdf } from '../../support/documents';

const CAMILLE = 'CLI-00100231';
const CONTRACT = 'AU9990100';

describe.each(BACKENDS)('integration API documents (%s)', (backend) => {
  const it = apiTest
    .extend(
      'upload',
      ({ t, integration: { token } }) =>
        (
          body: Buffer,
          query = 'fileName=Avis%20d%E2%80%99%C3%A9ch%C3%A9ance.pdf&issuedOn=2026-11-02',
        ) =>
          t.app.inject({
            method: 'PUT',
            url: `${BO}/contracts/${CONTRACT}/documents/AE-2027?${query}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
            payload: body,
          }),
    )
    .extend('contract', { auto: true }, ({ t, integration: { token }, once }) =>
      once('contract', async () => {
        const created = await call(
          t.app,
          token,
          'PUT',
          `/contracts/${CONTRACT}`,
          contractRecord(CAMILLE),
        );
        expect(created.statusCode).toBe(201);
      }),
    )
    .extend('portal', ({ camille: { accountId, headers } }) => ({
      path: `/api/v1/document/accounts/${accountId}/policy/${CONTRACT}`,
      policies: `/api/v1/policy/accounts/${accountId}`,
      headers,
    }))
    .extend('pdf', ({ once }) => once('pdf', samplePdf))
    .override({ backend });

  const owed = {
    type: 'permis',
    name: 'Permis de conduire',
    description: 'Recto verso du permis du conducteur principal',
    status: 'pending',
    exactFileNumber: 2,
    deadline: '2026-12-31',
  };
  const owedPath = `/contracts/${CONTRACT}/owed-documents/DOC-1`;

  it('adds a document to provide that the customer sees, idempotently', async ({
    t,
    integration: { token },
    portal,
  }) => {
    const created = await call(t.app, token, 'PUT', owedPath, owed);
    expect(created.statusCode).toBe(201);
    expect((await call(t.app, token, 'PUT', owedPath, owed)).json()).toMatchObject({
      changed: false,
      version: 1,
    });
    const policies = await t.app.inject({
      method: 'GET',
      url: portal.policies,
      headers: portal.headers,
    });
    const policy = policies
      .json<{ policyNumber: string; documents: { fileType: string; status: string }[] }[]>()
      .find((p) => p.policyNumber === CONTRACT);
    expect(policy?.documents).toEqual([
      expect.objectContaining({
        fileType: 'permis',
        status: 'pending',
        exactFileNumber: 2,
        // The broker's deadline reaches the customer's documents screen.
        dueOn: '2026-12-31',
      }),
    ]);
    const read = await call(t.app, token, 'GET', owedPath);
    expect(read.json()).toMatchObject({ documentId: 'DOC-1', deadline: '2026-12-31', version: 1 });
  });

  it('refuses a second document of the same type under another id, and a bad count', async ({
    t,
    integration: { token },
  }) => {
    const same = await call(
      t.app,
      token,
      'PUT',
      `/contracts/${CONTRACT}/owed-documents/DOC-2`,
      owed,
    );
    expect(same.statusCode).toBe(409);
    expect(same.json().error.fields).toHaveProperty('type');
    const bad = await call(t.app, token, 'PUT', `/contracts/${CONTRACT}/owed-documents/DOC-3`, {
      ...owed,
      type: 'rib',
      exactFileNumber: 0,
      status: 'perdu',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['exactFileNumber', 'status']);
    expect(
      (await call(t.app, token, 'GET', `/contracts/${CONTRACT}/owed-documents/DOC-3`)).statusCode,
    ).toBe(404);
  });

  it('answers 404 for a document of an unknown contract', async ({ t, integration: { token } }) => {
    const response = await call(t.app, token, 'PUT', '/contracts/AU404/owed-documents/D', owed);
    expect(response.statusCode).toBe(404);
  });

  it('withdraws a document to provide', async ({ t, integration: { token } }) => {
    expect((await call(t.app, token, 'DELETE', owedPath)).statusCode).toBe(204);
    expect((await call(t.app, token, 'GET', owedPath)).statusCode).toBe(404);
  });

  it('stores the broker’s PDF, which the customer lists and downloads', async ({
    t,
    integration: { token },
    pdf,
    portal,
    upload,
  }) => {
    const created = await upload(pdf);
    expect(created.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: portal.path, headers: portal.headers });
    const listed = list
      .json<{ id: string; fileName: string }[]>()
      .find((d) => d.fileName === 'Avis d’échéance.pdf');
    expect(listed).toBeDefined();
    const download = await t.app.inject({
      method: 'GET',
      url: `${portal.path}/document/${listed!.id}`,
      headers: portal.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const meta = await call(t.app, token, 'GET', `/contracts/${CONTRACT}/documents/AE-2027`);
    expect(meta.json()).toMatchObject({ size: pdf.length, issuedOn: '2026-11-02', version: 1 });
  });

  it('changes nothing when the same PDF is sent again', async ({ pdf, upload }) => {
    const again = await upload(pdf);
    expect(again.json()).toEqual({ changed: false, created: false, version: 1 });
  });

  it('refuses bytes that are not a PDF, and keeps the stored one', async ({
    t,
    integration: { token },
    pdf,
    upload,
  }) => {
    const html = await upload(Buffer.from('<html><body>pas un pdf</body></html>'));
    expect(html.statusCode).toBeGreaterThanOrEqual(400);
    expect(html.statusCode).toBeLessThan(500);
    const meta = await call(t.app, token, 'GET', `/contracts/${CONTRACT}/documents/AE-2027`);
    expect(meta.json()).toMatchObject({ size: pdf.length, version: 1 });
    const noName = await upload(pdf, 'issuedOn=2026-11-02');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toHaveProperty('fileName');
  });

  it('withdraws a document: the customer no longer lists it', async ({
    t,
    integration: { token },
    portal,
  }) => {
    const response = await call(t.app, token, 'DELETE', `/contracts/${CONTRACT}/documents/AE-2027`);
    expect(response.statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: portal.path, headers: portal.headers });
    expect(list.json<{ fileName: string }[]>().map((d) => d.fileName)).not.toContain(
      'Avis d’échéance.pdf',
    );
  });
});
