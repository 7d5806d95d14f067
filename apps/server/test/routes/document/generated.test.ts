// The documents generated from the contract: listed with the stored ones, downloaded
// with the same call, tagged PDFs whose extracted text states what the policies API says
// (unpdf, a PDF text extractor, reads them back as a reader would), including a terminated
// policy's relevé with its end, and only the relevé for a terminated policy. Page counts, footers,
// the receipt and the suspended contract: platform/pdf/documents.test.ts.
import {
  addMonths,
  formatCrm,
  formatDate,
  todayInParis,
  type DownloadedDocument,
  type Policy,
} from '@espace/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { bearer, createTestApp, DEMO, signIn, subjectOf } from '../../support/harness';

const TOYOTA = 'AU2023049920'; // Camille's, active, started 1150 days ago, one claim
const PEUGEOT_3008 = 'AU2019004215'; // Camille's, terminated, one claim older than 5 years

describe.each(BACKENDS)('generated documents on %s', (backend) => {
  const it = apiTest
    .extend(
      'get',
      ({ t, camille: { token } }) =>
        (url: string) =>
          t.app.inject({ method: 'GET', url, headers: bearer(token) }),
    )
    // The policies as they were before any test.
    .extend('policies', { auto: true }, ({ get, camille: { accountId }, once }) =>
      once('policies', async () =>
        (await get(`/api/v1/policy/accounts/${accountId}`)).json<Policy[]>(),
      ),
    )
    .extend(
      'base',
      ({ camille: { accountId } }) =>
        (policy: string) =>
          `/api/v1/document/accounts/${accountId}/policy/${policy}`,
    )
    .extend(
      'policy',
      ({ policies }) =>
        (number: string) =>
          policies.find((p) => p.policyNumber === number)!,
    )
    /** Downloads a listed document by its file name's start; its text, title and tagging. */
    .extend(
      'download',
      ({ base, get }) =>
        async (policyNumber: string, name: string, query = '') => {
          const list = (await get(base(policyNumber))).json<DownloadedDocument[]>();
          const doc = list.find((d) => d.fileName.startsWith(name))!;
          expect(doc.fileName).toBe(`${name} ${policyNumber}.pdf`);
          const response = await get(`${base(policyNumber)}/document/${doc.id}${query}`);
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toBe('application/pdf');
          expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
          const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
          const { info } = (await pdf.getMetadata()) as {
            info: { Title?: string; Language?: string };
          };
          const markInfo = await pdf.getMarkInfo();
          const raw = response.rawPayload.toString('latin1');
          const { text } = await extractText(pdf, { mergePages: true });
          // The structure tree a screen reader follows: the roles of page 1, in reading order.
          const roles: string[] = [];
          const walk = (node: { role?: string; children?: unknown[] }) => {
            if (node.role) roles.push(node.role);
            for (const child of node.children ?? []) walk(child as typeof node);
          };
          walk((await (await pdf.getPage(1)).getStructTree()) as { children?: unknown[] });
          return {
            // Lines as extracted, spaces normalised (fr-FR formats use no-break spaces).
            text: text.replace(/[\u00a0\u202f]/g, ' '),
            title: info.Title,
            tagged: markInfo?.Marked === true && raw.includes('/StructTreeRoot'),
            roles,
            lang: /\/Lang \((fr-FR)\)/.exec(raw)?.[1],
          };
        },
    )
    .extend(
      'claimsOf',
      ({ t }) =>
        (policyNumber: string) =>
          t.database.handle.db
            .selectFrom('claims')
            .select(['nature', 'responsibility', 'occurred_on', 'driver_name'])
            .where('policy_number', '=', policyNumber)
            .orderBy('occurred_on', 'desc')
            .execute(),
    )
    .override({ backend });

  const isoOf = (date: Date | string) =>
    typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10);

  it('the Mémo Véhicule Assuré states the contract, vehicle, period and what to do', async ({
    download,
    policy,
  }) => {
    const p = policy(TOYOTA);
    const risk = p.risks[0]!;
    const memo = await download(TOYOTA, 'Mémo Véhicule Assuré');
    expect(memo).toMatchObject({ title: 'Mémo Véhicule Assuré', tagged: true, lang: 'fr-FR' });
    expect(memo.roles.slice(0, 5)).toEqual(['Root', 'Document', 'P', 'H1', 'P']);
    expect(memo.roles).toEqual(
      expect.arrayContaining(['H2', 'Table', 'TR', 'TH', 'TD', 'L', 'LI']),
    );
    expect(memo.text).toContain(`Contrat n° ${TOYOTA}`);
    expect(memo.text).toContain(`Immatriculation ${risk.licensePlate}`);
    expect(memo.text).toContain(`Marque et modèle ${risk.manufacturer} ${risk.model}`);
    expect(memo.text).toContain(`Formule de garantie ${risk.guaranteeFormula}`);
    expect(memo.text).toContain('Assureur Mutuelle Fictive d’Assurances');
    expect(memo.text).toContain('En cas d’accident');
    // The yearly period in force today, from the last anniversary of the start date.
    const today = todayInParis();
    let from = p.startDate;
    while (addMonths(from, 12) <= today) from = addMonths(from, 12);
    expect(memo.text).toContain(`Période de validité du ${formatDate(from)} au `);
  });

  it('draws a document in the skin the customer sees, and refuses an unknown one', async ({
    base,
    download,
    get,
  }) => {
    const lumen = await download(TOYOTA, 'Mémo Véhicule Assuré');
    expect(lumen.text).toContain('Lumen Assurance · Espace Assuré');
    const vireo = await download(TOYOTA, 'Mémo Véhicule Assuré', '?brand=vireo');
    expect(vireo.text).toContain('Vireo Assurance · Espace Assuré');
    expect(vireo.text).not.toContain('Lumen');
    const unknown = await get(`${base(TOYOTA)}/document/memo-vehicule-assure?brand=autre`);
    expect(unknown.statusCode).toBe(400);
  });

  it('names the broker and the insurer of the operator’s configuration', async ({ t }) => {
    const configured = await createTestApp(backend, {
      legalIdentity: {
        ...t.config.legalIdentity,
        brokerName: 'Courtage Réel SARL',
        brokerAddress: '1 quai du Port, 13002 Marseille',
        insurerName: 'Assurances Réelles SA',
      },
    });
    try {
      const own = (await signIn(configured.app, configured.config, DEMO.camille)).access_token;
      const response = await configured.app.inject({
        url: `/api/v1/document/accounts/${subjectOf(own)}/policy/${TOYOTA}/document/attestation-assurance`,
        headers: bearer(own),
      });
      expect(response.statusCode).toBe(200);
      const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
      const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
      expect(text).toContain('Assurances Réelles SA, par l’intermédiaire de Courtage Réel SARL');
      expect(text).toContain('Courtage Réel SARL, 1 quai du Port, 13002 Marseille');
      expect(text).not.toContain('Fictive');
    } finally {
      await configured.close();
    }
  });

  it('the certificate names the subscriber, the vehicle and the guarantees', async ({
    download,
    policy,
  }) => {
    const p = policy(TOYOTA);
    const risk = p.risks[0]!;
    const certificate = await download(TOYOTA, 'Attestation d’assurance');
    expect(certificate).toMatchObject({ title: 'Attestation d’assurance', tagged: true });
    const text = certificate.text.replace(/\s+/g, ' ');
    expect(text).toContain('Souscripteur Camille Martin');
    expect(text).toContain(`N° client ${p.customerId}`);
    expect(text).toContain(`Véhicule ${risk.manufacturer} ${risk.model}`);
    expect(text).toContain(`Date d’effet du contrat ${formatDate(p.startDate)}`);
    for (const g of risk.guarantees) expect(text).toContain(g.type);
  });

  it('the relevé states drivers with licence dates, bonus-malus and the claims of 5 years', async ({
    t,
    claimsOf,
    download,
    policy,
  }) => {
    const p = policy(TOYOTA);
    const statement = await download(TOYOTA, 'Relevé d’informations');
    expect(statement).toMatchObject({ title: 'Relevé d’informations', tagged: true });
    const { text } = statement;
    expect(text).toContain(`Date de souscription ${formatDate(p.startDate)}`);
    expect(text).toContain('Situation En cours (Actif)');
    const principal = p.drivers.find((d) => d.principal)!;
    expect(text).toContain(`Bonus-malus (coefficient CRM) ${formatCrm(principal.crm)}`);
    const drivers = await t.database.handle.db
      .selectFrom('drivers')
      .select(['first_name', 'licence_number', 'licence_date'])
      .where('policy_number', '=', TOYOTA)
      .execute();
    for (const d of p.drivers) {
      const row = drivers.find((r) => r.first_name === d.firstName)!;
      const title = d.salutation === 'Mr' ? 'M.' : d.salutation;
      expect(text).toContain(
        `${title} ${d.firstName} ${d.lastName} ${formatDate(d.birthDate)} ${row.licence_number} ${formatDate(isoOf(row.licence_date!))}`,
      );
    }
    const [claim] = await claimsOf(TOYOTA);
    // A long nature wraps inside its cell.
    expect(text.replace(/\s+/g, ' ')).toContain(
      `${formatDate(isoOf(claim!.occurred_on))} ${claim!.nature} ${claim!.driver_name} ${claim!.responsibility} %`,
    );
  });

  it('a terminated policy has only its relevé, with its end date and reason', async ({
    t,
    base,
    claimsOf,
    download,
    get,
    policy,
  }) => {
    const list = (await get(base(PEUGEOT_3008))).json<DownloadedDocument[]>();
    expect(list.map((d) => d.fileName)).toEqual([
      `Relevé d’informations ${PEUGEOT_3008}.pdf`,
      'Conditions générales.pdf',
    ]);
    expect((await get(`${base(PEUGEOT_3008)}/document/memo-vehicule-assure`)).statusCode).toBe(404);
    expect((await get(`${base(PEUGEOT_3008)}/document/attestation-assurance`)).statusCode).toBe(
      404,
    );

    const { text } = await download(PEUGEOT_3008, 'Relevé d’informations');
    const ended = await t.database.handle.db
      .selectFrom('policies')
      .select(['end_date', 'end_reason'])
      .where('policy_number', '=', PEUGEOT_3008)
      .executeTakeFirstOrThrow();
    expect(text).toContain(`Situation Résilié le ${formatDate(isoOf(ended.end_date!))}`);
    expect(text).toContain(`Motif de la résiliation ${ended.end_reason}`);
    expect(text).toContain(`Immatriculation ${policy(PEUGEOT_3008).risks[0]!.licensePlate}`);
    const fiveYearsAgo = addMonths(todayInParis(), -60);
    const claims = await claimsOf(PEUGEOT_3008);
    const recent = claims.filter((c) => isoOf(c.occurred_on) >= fiveYearsAgo);
    const older = claims.filter((c) => isoOf(c.occurred_on) < fiveYearsAgo);
    expect(recent.length).toBeGreaterThan(0);
    expect(older.length).toBeGreaterThan(0);
    for (const c of recent)
      expect(text).toContain(`${formatDate(isoOf(c.occurred_on))} ${c.nature}`);
    for (const c of older) expect(text).not.toContain(c.nature);
  });
});
