// Every PDF the portal draws (docs/decisions/0049-releve-mentions-one-pdf-pipeline.md), read back
// as a reader would (unpdf): one page with « page 1/1 » when the content fits, the insurer named
// as the insurer, the termination receipt with the same brand, broker (ORIAS) and insurer as the
// generated documents, every mention of the relevé d'informations (Code des assurances A121-1),
// and no Mémo nor certificate for a suspended contract (docs/decisions/0048-…).
import { readFileSync } from 'node:fs';
import {
  formatDate,
  SUSPENDED_DOCUMENTS_MESSAGE,
  type DownloadedDocument,
  type TerminationAcknowledgement,
} from '@espace/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BRAND_CSS_PATH } from '../../../src/config/config';
import { skinFromCss } from '../../../src/platform/brand/brand-skins';
import { BACKENDS } from '../../support/backends';
import { bearer } from '../../support/harness';
import { terminationBody } from '../../support/termination';

const TOYOTA = 'AU2023049920'; // Camille's, active, two drivers, one claim
const CITROEN = 'AU2022031457'; // Camille's, 'Suspendu'
const TO_TERMINATE = { lumen: 'AU2024061108', vireo: 'AU2021018876' }; // Camille's, active

/** The pages of a PDF as extracted, no-break spaces as spaces, runs of blanks as one. */
async function pagesOf(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map((page) => page.replace(/[\u00a0\u202f\s]+/g, ' '));
}

describe.each(BACKENDS)('the PDFs on %s', (backend) => {
  const it = apiTest
    .extend(
      'identity',
      ({ t }) =>
        () =>
          t.config.legalIdentity,
    )
    .extend(
      'get',
      ({ t, camille: { token } }) =>
        (url: string) =>
          t.app.inject({ method: 'GET', url, headers: bearer(token) }),
    )
    .extend(
      'base',
      ({ camille: { accountId } }) =>
        (policy: string) =>
          `/api/v1/document/accounts/${accountId}/policy/${policy}`,
    )
    .extend('generated', ({ base, get }) => async (policy: string, id: string, brand = 'lumen') => {
      const response = await get(`${base(policy)}/document/${id}?brand=${brand}`);
      expect(response.statusCode).toBe(200);
      return pagesOf(response.rawPayload);
    })
    .extend(
      'issuedBy',
      ({ identity }) =>
        () =>
          `${identity().brokerName}, courtier en assurance, ORIAS n° ${identity().brokerOrias} · Assureur : ${identity().insurerName}`,
    )
    .override({ backend });

  it.for<[string, string]>([
    ['memo-vehicule-assure', 'Mémo Véhicule Assuré'],
    ['attestation-assurance', 'Attestation d’assurance'],
    ['releve-informations', 'Relevé d’informations'],
  ])(
    '%s fits on one page whose footer says « page 1/1 » and who issues it',
    async ([id, title], { generated, issuedBy }) => {
      for (const [brand, name] of [
        ['lumen', 'Lumen Assurance'],
        ['vireo', 'Vireo Assurance'],
      ]) {
        const pages = await generated(TOYOTA, id, brand);
        expect(pages).toHaveLength(1);
        expect(pages[0]).toContain(`${name} · ${title} · contrat n° ${TOYOTA} · page 1/1`);
        expect(pages[0]).toContain(issuedBy());
      }
    },
  );

  it('the Mémo names the insurer as the insurer, never the brand as a « Marque »', async ({
    generated,
    identity,
  }) => {
    const [memo] = await generated(TOYOTA, 'memo-vehicule-assure');
    expect(memo).toContain(`Assureur ${identity().insurerName} Intermédiaire (courtier)`);
    expect(memo).not.toMatch(/Marque (Lumen|Vireo)/);
    expect(memo).toContain('Marque et modèle Toyota');
  });

  it('the relevé states every mention of article A121-1', async ({
    t,
    camille: { accountId },
    generated,
  }) => {
    const db = t.database.handle.db;
    const iso = (d: Date | string | null) =>
      d === null ? '' : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
    const subscriber = await db
      .selectFrom('accounts')
      .select(['first_name', 'last_name', 'birth_date', 'licence_number', 'licence_date'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const drivers = await db
      .selectFrom('drivers')
      .selectAll()
      .where('policy_number', '=', TOYOTA)
      .execute();
    const claims = await db
      .selectFrom('claims')
      .selectAll()
      .where('policy_number', '=', TOYOTA)
      .execute();
    expect(subscriber.licence_number).toBeTruthy();
    expect(drivers.length).toBe(2);
    expect(claims.length).toBe(1);

    const [text] = await generated(TOYOTA, 'releve-informations');
    expect(text).toContain(`Date de naissance ${formatDate(iso(subscriber.birth_date))}`);
    expect(text).toContain(
      `Permis de conduire n° ${subscriber.licence_number}, délivré le ${formatDate(iso(subscriber.licence_date))}`,
    );
    for (const d of drivers) {
      expect(d.licence_number).toBeTruthy();
      expect(text).toContain(
        `${d.first_name} ${d.last_name} ${formatDate(iso(d.birth_date))} ${d.licence_number} ${formatDate(iso(d.licence_date))}`,
      );
    }
    expect(text).toContain('Nombre de sinistres : 1');
    for (const c of claims) {
      expect(c.driver_name).toBeTruthy();
      expect(text).toContain(
        `${formatDate(iso(c.occurred_on))} ${c.nature} ${c.driver_name} ${c.responsibility} %`,
      );
    }
    expect(text).toMatch(/Bonus-malus \(coefficient CRM\) \d,\d\d/);
    expect(text).toMatch(/Informations arrêtées au \d\d\.\d\d\.\d{4}/);
  });

  it('a suspended contract has its relevé, but no Mémo nor certificate: 409 saying why', async ({
    base,
    generated,
    get,
  }) => {
    const list = (await get(base(CITROEN))).json<DownloadedDocument[]>();
    expect(list.map((d) => d.id)).toContain('releve-informations');
    expect(list.map((d) => d.id)).not.toContain('memo-vehicule-assure');
    expect(list.map((d) => d.id)).not.toContain('attestation-assurance');
    for (const id of ['memo-vehicule-assure', 'attestation-assurance']) {
      const refused = await get(`${base(CITROEN)}/document/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'conflict', message: SUSPENDED_DOCUMENTS_MESSAGE },
      });
    }
    const [statement] = await generated(CITROEN, 'releve-informations');
    expect(statement).toContain('Situation En cours (Suspendu)');
  });

  it.for(['lumen', 'vireo'] as const)(
    'the termination receipt carries the %s skin, the broker and the insurer, on one page',
    async (brand, { t, camille: { accountId, token }, base, get, issuedBy }) => {
      const policy = TO_TERMINATE[brand];
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/v1/policy/accounts/${accountId}/${policy}/terminate?brand=${brand}`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify(terminationBody()),
      });
      expect(sent.statusCode).toBe(201);
      const ack = sent.json<TerminationAcknowledgement>();
      const response = await get(`${base(policy)}/document/${ack.receiptDocumentId}`);
      const pages = await pagesOf(response.rawPayload);
      const name = brand === 'lumen' ? 'Lumen Assurance' : 'Vireo Assurance';
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain(`${name} · Espace Assuré`);
      expect(pages[0]).toContain(
        `${name} · Accusé de réception de votre demande de résiliation · ${ack.reference} · page 1/1`,
      );
      expect(pages[0]).toContain(issuedBy());
      expect(pages[0]).toContain(`Référence de la demande ${ack.reference}`);
      expect(pages[0]).toContain(`Contrat n° ${policy}`);
    },
  );

  it('refuses a receipt skin it does not know, and keeps nothing', async ({
    t,
    camille: { accountId, token },
    get,
  }) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/policy/accounts/${accountId}/${TOYOTA}/terminate?brand=autre`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(terminationBody()),
    });
    expect(sent.statusCode).toBe(400);
    expect(JSON.stringify(sent.json())).toContain('Habillage inconnu.');
    const card = (await get(`/api/v1/policy/accounts/${accountId}`)).json<
      { policyNumber: string; terminationRequest: unknown }[]
    >();
    expect(card.find((p) => p.policyNumber === TOYOTA)!.terminationRequest).toBeNull();
  });
});

describe('the PDF skins', () => {
  it('are the colours and name of the portal’s stylesheet', () => {
    const css = readFileSync(BRAND_CSS_PATH, 'utf8');
    expect(skinFromCss(css, 'lumen')).toMatchObject({
      brand: 'Lumen Assurance',
      primary: '#0b3a75',
    });
    expect(skinFromCss(css, 'vireo')).toMatchObject({
      brand: 'Vireo Assurance',
      primary: '#24522f',
    });
    const changed = css.replace('--brand-primary: #24522f;', '--brand-primary: #123456;');
    expect(skinFromCss(changed, 'vireo').primary).toBe('#123456');
    expect(() => skinFromCss(':root { --text: #000; }', 'lumen')).toThrow(/--brand-name/);
  });
});
