// « Mes données » (docs/product/data-export.md, docs/decisions/0121-data-export-through-the-
// outbox.md): a customer asks for a copy of their data, the outbox relay builds it in the
// background, the page's read says when it is ready, the archive (donnees.json, its JSON Schema,
// the readable PDF) holds that customer's data and no one else's, validates against the schema
// it carries (Ajv, draft 2020-12), is served once to that customer only, then refused in French;
// an expired one too, and its file swept. Every request, download and refusal is in the trail.
import {
  CLAIM_DRAFT_WRITER_HEADER,
  DATA_EXPORT_FILES,
  DATA_EXPORT_MESSAGES,
  type ClaimAcknowledgement,
  type ClaimDraft,
  type CustomerFile,
  type DataExport,
  type DataExportContent,
  type DataExportState,
  type ErrorBody,
  MESSAGES,
  type Policy,
} from '@espace/contract';
import Ajv2020 from 'ajv/dist/2020';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, vi } from 'vitest';
import { sweepDataExports } from '../../../../src/services/data-export/exports';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { ACTIVE, accidentAnswers, claimCalls } from '../../../support/claims';
import { consoleCall } from '../../../support/console';
import { SAMPLE_JPEG, samplePdf } from '../../../support/documents';
import type { Customer } from '../../../support/api-test';
import type { TestApp } from '../../../support/harness';
import { stepUp } from '../../../support/account-security';

const CAMILLE = 'CLI-00100231';
const CARTE_REASON = 'La carte grise est illisible : renvoyez une photo nette, recto verso.';
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

/** Camille's archive, asked for, built and downloaded: its JSON, valid against its schema, and its PDF's text. */
async function downloadedArchive(t: TestApp, who: Customer) {
  expect((await ask(t, who)).statusCode).toBe(202);
  const ready = await whenReady(t, who);
  const download = await t.app.inject({
    method: 'GET',
    url: `${base(who.accountId)}/${ready.id}/archive`,
    headers: who.headers,
  });
  expect(download.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(download.rawPayload));
  const text = strFromU8(files[DATA_EXPORT_FILES.data]!);
  const data = JSON.parse(text) as DataExportContent;
  const schema = JSON.parse(strFromU8(files[DATA_EXPORT_FILES.schema]!)) as object;
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  const pdf = await extractText(await getDocumentProxy(files[DATA_EXPORT_FILES.pdf]!), {
    mergePages: true,
  });
  // The PDF's text as read: one space for any run of spaces, no-break spaces and line ends.
  return { data, text, pdf: pdf.text.replace(/[\s\u00a0\u202f]+/g, ' ') };
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

  it('holds her passkeys, an owed document with the broker’s check, what she wrote in a claim and a draft, a message draft, and the dates and purposes of the staff’s reads of her file, never who', async ({
    t,
    camille,
    agent,
  }) => {
    const db = t.app.db;
    await db
      .insertInto('passkeys')
      .values({
        id: 'cle-de-camille-export',
        account_id: camille.accountId,
        public_key: Buffer.from([1, 2, 3]),
        counter: 0,
        transports: JSON.stringify(['internal']),
        name: 'Safari 18 sur iPhone',
        created_at: '2026-10-01T08:00:00Z',
        last_used_at: '2026-11-02T09:30:00Z',
      })
      .execute();

    // The broker reads her file, then finds her « Carte grise » not compliant, with a reason.
    const file = await consoleCall(t.app, agent, 'GET', `/customers/${CAMILLE}`);
    expect(file.statusCode, file.body).toBe(200);
    const carte = file
      .json<CustomerFile>()
      .owedDocuments.find((d) => d.policyNumber === ACTIVE && d.name === 'Carte grise')!;
    const checked = await consoleCall(t.app, agent, 'POST', `/documents/${carte.id}/check`, {
      status: 'rejected',
      reason: CARTE_REASON,
    });
    expect(checked.statusCode, checked.body).toBe(200);

    // A claim declared, with its circumstances, third party, witness and injuries.
    const claim = claimCalls(t.app, camille.accountId, camille.token);
    const policies = await t.app.inject({
      method: 'GET',
      url: `/api/v1/policy/accounts/${camille.accountId}`,
      headers: camille.headers,
    });
    const driverId = policies.json<Policy[]>().find((p) => p.policyNumber === ACTIVE)!.drivers[0]!
      .id;
    const draft = (await claim.create(ACTIVE)).json<ClaimDraft>();
    for (const [step, body] of accidentAnswers(driverId)) await claim.save(draft.id, step, body);
    await claim.upload(draft.id, 'photo', 'pare-choc.jpg', SAMPLE_JPEG, 'image/jpeg');
    await claim.upload(draft.id, 'constat', 'constat.pdf', await samplePdf(), 'application/pdf');
    const submitted = await claim.submit(draft.id);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { reference } = submitted.json<ClaimAcknowledgement>();

    // A declaration begun: its kind confirmed, the place typed and not confirmed yet.
    const begun = (await claim.create(ACTIVE)).json<ClaimDraft>();
    const kind = await claim.save(begun.id, 'kind', { kind: 'broken_glass' });
    const typed = await t.app.inject({
      method: 'PUT',
      url: `${claim.base}/${begun.id}/progress`,
      headers: {
        ...camille.headers,
        'content-type': 'application/json',
        'if-match': `"${kind.json<ClaimDraft>().version}"`,
        [CLAIM_DRAFT_WRITER_HEADER]: 'onglet-export:1',
      },
      payload: JSON.stringify({
        step: 'when',
        typed: { place: { label: 'Parking du Bon Marché' } },
      }),
    });
    expect(typed.statusCode, typed.body).toBe(200);

    const drafted = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/message/accounts/${camille.accountId}/drafts/new`,
      headers: camille.headers,
      payload: { text: 'Brouillon : combien coûte la franchise bris de glace ?' },
    });
    expect(drafted.statusCode, drafted.body).toBe(200);

    const { data, text, pdf } = await downloadedArchive(t, camille);

    expect(data.version).toBe(2);
    expect(data.passkeys).toEqual([
      {
        name: 'Safari 18 sur iPhone',
        createdAt: '2026-10-01T08:00:00.000Z',
        lastUsedAt: '2026-11-02T09:30:00.000Z',
      },
    ]);
    const row = await db
      .selectFrom('policy_documents')
      .select('checked_at')
      .where('id', '=', Number(carte.id))
      .executeTakeFirstOrThrow();
    expect(
      data.owedDocuments.find((d) => d.policyNumber === ACTIVE && d.name === 'Carte grise'),
    ).toMatchObject({
      status: 'rejected',
      statusLabel: 'Non conforme',
      reason: CARTE_REASON,
      checkedAt: new Date(row.checked_at!).toISOString(),
    });

    const declared = data.claims.find((c) => c.reference === reference)!;
    expect(declared.declaration).toEqual(
      expect.arrayContaining([
        { label: 'Description', value: 'Le véhicule B m’a heurté à l’arrière.' },
        {
          label: 'Tiers',
          value:
            'Paul Durand, immatriculation AB-123-CD, assuré chez Assur X (contrat n°\u00a0X-1)',
        },
        { label: 'Témoin', value: 'Marie Curie, 01 99 00 00 01' },
        { label: 'Blessés', value: 'non' },
        { label: 'Où est le véhicule', value: 'Devant mon domicile' },
      ]),
    );
    expect(
      data.requests.find((r) => r.reference === reference)?.files.map((f) => f.fileName),
    ).toEqual(expect.arrayContaining(['pare-choc.jpg', 'constat.pdf']));
    expect(data.claimDrafts).toEqual([
      expect.objectContaining({
        policyNumber: ACTIVE,
        declaration: [{ label: 'Type de sinistre', value: 'Bris de glace' }],
        typed: { when: { place: { label: 'Parking du Bon Marché' } } },
      }),
    ]);
    expect(data.messageDrafts).toEqual([
      {
        about: 'Nouveau message',
        body: 'Brouillon : combien coûte la franchise bris de glace ?',
        updatedAt: expect.any(String),
      },
    ]);

    // Each journal row naming her account, by its date and purpose; nothing of who.
    const journal = await db
      .selectFrom('staff_audit')
      .select(['at', 'action'])
      .where('account_id', '=', camille.accountId)
      .orderBy('id')
      .execute();
    expect(journal.map((j) => j.action)).toEqual(
      expect.arrayContaining(['customer.read', 'document.checked']),
    );
    expect(data.staffAccesses.map((a) => [a.at, a.action])).toEqual(
      journal.map((j) => [new Date(j.at).toISOString(), j.action]),
    );
    expect(data.staffAccesses.find((a) => a.action === 'customer.read')?.purpose).toBe(
      'Consultation d’un dossier client',
    );
    expect(data.staffAccesses.find((a) => a.action === 'document.checked')?.purpose).toBe(
      'Vérification d’un document envoyé',
    );
    for (const who of [agent.email, agent.displayName, agent.id, '127.0.0.1', 'Console test']) {
      expect(text).not.toContain(who);
      expect(pdf).not.toContain(who);
    }

    // The PDF says the same.
    for (const shown of [
      'Vos clés d’accès',
      'Safari 18 sur iPhone',
      'Vos documents à fournir',
      'renvoyez une photo nette',
      'Le véhicule B m’a heurté à l’arrière.',
      'Paul Durand, immatriculation AB-123-CD',
      'Marie Curie',
      'Parking du Bon Marché',
      'combien coûte la franchise bris de glace',
      'Consultations de votre dossier par votre courtier',
      'Consultation d’un dossier client',
      'Vérification d’un document envoyé',
      'Ce que cette copie ne contient pas',
      'C-579/21',
    ])
      expect(pdf).toContain(shown);
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
