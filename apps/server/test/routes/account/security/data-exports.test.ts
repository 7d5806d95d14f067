// « Mes données » (docs/product/data-export.md, docs/decisions/0121-data-export-through-the-
// outbox.md): a customer asks for a copy of their data, the outbox relay builds it in the
// background, the page's read says when it is ready, the archive (donnees.json, its JSON Schema,
// the readable PDF) holds that customer's data and no one else's, validates against the schema
// it carries (Ajv, draft 2020-12), is served once to that customer only, then refused in French;
// an expired one too, and its file swept. Every request, download and refusal is in the trail.
import {
  DATA_EXPORT_FILES,
  DATA_EXPORT_MESSAGES,
  type DataExport,
  type DataExportContent,
  type DataExportState,
  type ErrorBody,
  MESSAGES,
} from '@espace/contract';
import Ajv2020 from 'ajv/dist/2020';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, vi } from 'vitest';
import { sweepDataExports } from '../../../../src/services/data-export/exports';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import type { Customer } from '../../../support/api-test';
import type { TestApp } from '../../../support/harness';
import { stepUp } from '../../../support/account-security';

const base = (accountId: string) => `/api/v1/account/accounts/${accountId}/data-exports`;
const CAMILLE_POLICIES = [
  'AU2026104512',
  'AU2025087731',
  'AU2024061108',
  'AU2023049920',
  'AU2022031457',
  'AU2021018876',
  'AU2019004215',
];

async function ask(t: TestApp, who: Customer, payload: object = { brand: 'lumen' }) {
  await stepUp(t, who.accountId, who.headers);
  return t.app.inject({ method: 'POST', url: base(who.accountId), headers: who.headers, payload });
}

async function whenReady(t: TestApp, who: Customer): Promise<DataExport> {
  return vi.waitFor(
    async () => {
      const state = await t.app.inject({
        method: 'GET',
        url: base(who.accountId),
        headers: who.headers,
      });
      const latest = state.json<DataExportState>().export;
      expect(latest?.status).toBe('ready');
      return latest!;
    },
    { timeout: 30_000, interval: 200 },
  );
}

async function contactRequest(t: TestApp, who: Customer, text: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/account/accounts/${who.accountId}/mail/mail-contact`,
    headers: who.headers,
    payload: { text },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ reference: string }>().reference;
}

const trail = (t: TestApp, exportId: string) =>
  t.app.db
    .selectFrom('data_export_trail')
    .select('action')
    .where('export_id', '=', exportId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.action));

describe.each(BACKENDS)('« Mes données » on %s', (backend) => {
  const it = apiTest.override({ backend });

  it('refuses a request without a session, on another account, and bad input, in French', async ({
    t,
    camille,
    lea,
  }) => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: base(camille.accountId),
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const crossed = await t.app.inject({
      method: 'POST',
      url: base(camille.accountId),
      headers: lea.headers,
      payload: {},
    });
    expect(crossed.statusCode).toBe(403);
    const skin = await ask(t, camille, { brand: 'rose' });
    expect(skin.statusCode).toBe(400);
    expect(skin.json<ErrorBody>().error).toMatchObject({
      message: MESSAGES.api.validation,
      fields: { brand: 'Habillage inconnu.' },
    });
    const extra = await ask(t, camille, { brand: 'lumen', accountId: lea.accountId });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<ErrorBody>().error.message).toBe(MESSAGES.api.validation);
    const badId = await t.app.inject({
      method: 'GET',
      url: `${base(camille.accountId)}/pas-un-identifiant/archive`,
      headers: camille.headers,
    });
    expect(badId.statusCode).toBe(400);
    expect(Object.values(badId.json<ErrorBody>().error.fields ?? {})).toContain(
      'Identifiant d’export invalide.',
    );
    const rows = await t.app.db
      .selectFrom('data_exports')
      .select('id')
      .where('account_id', '=', camille.accountId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a second export while one is being prepared', async ({ t, jean }) => {
    await t.app.db
      .insertInto('data_exports')
      .values({ id: crypto.randomUUID(), account_id: jean.accountId, brand: 'lumen' })
      .execute();
    const second = await ask(t, jean);
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>().error.message).toBe(DATA_EXPORT_MESSAGES.pending);
  });

  it('builds camille’s archive with her contracts and requests and no one else’s data, valid against its schema, served once to her only', async ({
    t,
    camille,
    lea,
  }) => {
    const mine = await contactRequest(t, camille, 'Question de Camille avant son export');
    const theirs = await contactRequest(t, lea, 'Question de Léa, qui ne regarde qu’elle');
    const asked = await ask(t, camille, { brand: 'vireo' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json<DataExport>()).toMatchObject({ status: 'pending' });
    const ready = await whenReady(t, camille);
    expect(ready.id).toBe(asked.json<DataExport>().id);
    expect(ready.progress).toBe(100);
    expect(ready.size).toBeGreaterThan(1000);

    // Another customer: her own path does not find it, camille's path is not hers.
    const url = `${base(camille.accountId)}/${ready.id}/archive`;
    const byLea = await t.app.inject({
      method: 'GET',
      url: `${base(lea.accountId)}/${ready.id}/archive`,
      headers: lea.headers,
    });
    expect(byLea.statusCode).toBe(404);
    expect(byLea.json<ErrorBody>().error.message).toBe(DATA_EXPORT_MESSAGES.notFound);
    expect((await t.app.inject({ method: 'GET', url, headers: lea.headers })).statusCode).toBe(403);

    const download = await t.app.inject({ method: 'GET', url, headers: camille.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/mes-donnees-\d{4}-\d{2}-\d{2}\.zip/);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [DATA_EXPORT_FILES.data, DATA_EXPORT_FILES.pdf, DATA_EXPORT_FILES.schema].sort(),
    );
    const text = strFromU8(files[DATA_EXPORT_FILES.data]!);
    const data = JSON.parse(text) as DataExportContent;
    const schema = JSON.parse(strFromU8(files[DATA_EXPORT_FILES.schema]!)) as object;
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    // The schema is strict: a field it does not describe fails it.
    expect(validate({ ...data, other: 1 })).toBe(false);

    expect(data.account).toMatchObject({
      email: 'camille.martin@example.fr',
      firstName: 'Camille',
    });
    expect(data.contracts.map((c) => c.policyNumber).sort()).toEqual([...CAMILLE_POLICIES].sort());
    expect(data.requests.map((r) => r.reference)).toContain(mine);
    expect(data.requests.find((r) => r.reference === mine)?.answers).toContainEqual({
      label: 'Message',
      value: 'Question de Camille avant son export',
    });
    // Nothing of another customer: not Léa's request, contract, e-mail, nor any of Jean's.
    expect(text).not.toContain(theirs);
    expect(text).not.toContain('Question de Léa');
    for (const other of [
      'AU2025110264',
      'AU2020007342',
      'AU2021012290',
      'lea.bernard',
      'jean.dupont',
    ])
      expect(text).not.toContain(other);
    // Every IBAN masked as the portal shows it.
    expect(text).not.toMatch(/FR\d{2}(\s?\d{4}){5}/);
    expect(strFromU8(files[DATA_EXPORT_FILES.pdf]!.subarray(0, 5))).toBe('%PDF-');

    // Once only: the second use is refused in French, and the file is gone from storage.
    const again = await t.app.inject({ method: 'GET', url, headers: camille.headers });
    expect(again.statusCode).toBe(410);
    expect(again.json<ErrorBody>().error.message).toBe(DATA_EXPORT_MESSAGES.used);
    await vi.waitFor(async () => {
      const row = await t.app.db
        .selectFrom('data_exports')
        .select(['status', 'storage_key'])
        .where('id', '=', ready.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'downloaded', storage_key: null });
    });
    // Léa's attempt is traced under her account, camille's second use under hers.
    expect(await trail(t, ready.id)).toEqual([
      'requested',
      'ready',
      'download_refused',
      'downloaded',
      'download_refused',
    ]);
    const leaTrail = await t.app.db
      .selectFrom('data_export_trail')
      .select('action')
      .where('export_id', '=', ready.id)
      .where('account_id', '=', lea.accountId)
      .execute();
    expect(leaTrail).toEqual([{ action: 'download_refused' }]);
    const state = await t.app.inject({
      method: 'GET',
      url: base(camille.accountId),
      headers: camille.headers,
    });
    expect(state.json<DataExportState>().export?.status).toBe('downloaded');
  });

  it('refuses an expired archive in French and sweeps its file', async ({ t, lea }) => {
    expect((await ask(t, lea)).statusCode).toBe(202);
    const ready = await whenReady(t, lea);
    const { storage_key: key } = await t.app.db
      .updateTable('data_exports')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', ready.id)
      .returning('storage_key')
      .executeTakeFirstOrThrow();
    expect(key).not.toBeNull();
    expect(await t.app.storage.exists(key!)).toBe(true);
    const late = await t.app.inject({
      method: 'GET',
      url: `${base(lea.accountId)}/${ready.id}/archive`,
      headers: lea.headers,
    });
    expect(late.statusCode).toBe(410);
    expect(late.json<ErrorBody>().error.message).toBe(DATA_EXPORT_MESSAGES.expired);
    expect(await sweepDataExports(t.app.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.exists(key!)).toBe(false);
    const state = await t.app.inject({
      method: 'GET',
      url: base(lea.accountId),
      headers: lea.headers,
    });
    expect(state.json<DataExportState>().export?.status).toBe('expired');
  });
});
