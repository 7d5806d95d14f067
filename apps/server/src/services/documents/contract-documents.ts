// The documents generated from the contract on request (issue 16; contract
// generated-documents.ts): the Mémo Véhicule Assuré and the insurance certificate of a policy in
// force, the relevé d'informations (Code des assurances A121-1) of any policy. Enforces: read
// through the caller's account only (the callers check the policy first); no Mémo or certificate
// for a terminated policy (NotFoundError, like any document the policy does not have); the
// relevé states the claims of the 5 years before the day it is issued, and for a terminated
// policy its end date and reason. Tagged PDFs in the brand's skin (../pdf/tagged-pdf.ts).
import {
  addDays,
  addMonths,
  formatCrm,
  formatDate,
  formatReceivedAt,
  GENERATED_DOCUMENTS,
  generatedDocumentFileName,
  isBefore,
  isTerminated,
  todayInParis,
  type DownloadedDocument,
  type BrandKey,
  type GeneratedDocumentKind,
} from '@espace/contract';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
// The PDF library (pdfkit and its fonts) is loaded with the first document, not at start.
import type { PdfSkin, TaggedPdf } from '../pdf/tagged-pdf';

/** Who issues the documents: the broker and the insurer of the operator's legal identity. */
export interface DocumentIssuer {
  brokerName: string;
  brokerAddress: string;
  insurerName: string;
}

/** The assistance line (in the range Arcep reserves for fiction, like the portal's other numbers). */
export const ASSISTANCE_PHONE = '01 99 00 24 24 (24 h/24, 7 j/7)';

/** The relevé covers the claims of this many years before its date. */
export const CLAIMS_YEARS = 5;

export interface ContractData {
  policyNumber: string;
  state: string;
  startDate: string;
  endDate: string | null;
  endReason: string | null;
  subscriber: {
    firstName: string;
    lastName: string;
    customerId: string;
    address: string;
  };
  vehicle: { manufacturer: string; model: string; licensePlate: string; formula: string };
  guarantees: string[];
  drivers: {
    salutation: string;
    firstName: string;
    lastName: string;
    birthDate: string;
    licenceDate: string | null;
    principal: boolean;
    crm: number;
  }[];
  claims: { occurredOn: string; nature: string; responsibility: number }[];
}

const isoDate = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Everything the three documents state, for a policy of the caller's; undefined otherwise. */
export async function loadContractData(
  db: Db,
  accountId: string,
  policyNumber: string,
  today: string,
): Promise<ContractData | undefined> {
  const since = addMonths(today, -12 * CLAIMS_YEARS);
  const row = await db
    .selectFrom('policies as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('account_addresses as aa', 'aa.account_id', 'a.id')
    .innerJoin('risks as r', (join) =>
      join.onRef('r.policy_number', '=', 'p.policy_number').on('r.position', '=', 0),
    )
    .where('p.account_id', '=', accountId)
    .where('p.policy_number', '=', policyNumber)
    .select((eb) => [
      'p.policy_number',
      'p.state',
      isoDate('p.start_date').as('start_date'),
      isoDate('p.end_date').as('end_date'),
      'p.end_reason',
      'p.customer_id',
      'a.first_name',
      'a.last_name',
      'aa.line1',
      'aa.postal_code',
      'aa.city',
      'r.manufacturer',
      'r.model',
      'r.license_plate',
      'r.guarantee_formula',
      jsonArrayFrom(
        eb
          .selectFrom('guarantees as g')
          .whereRef('g.risk_id', '=', 'r.id')
          .select('g.type')
          .orderBy('g.position'),
      ).as('guarantees'),
      jsonArrayFrom(
        eb
          .selectFrom('drivers as d')
          .whereRef('d.policy_number', '=', 'p.policy_number')
          .select([
            'd.salutation',
            'd.first_name',
            'd.last_name',
            isoDate('d.birth_date').as('birth_date'),
            isoDate('d.licence_date').as('licence_date'),
            'd.principal',
            sql<number>`d.crm::float8`.as('crm'),
          ])
          .orderBy('d.principal', 'desc')
          .orderBy('d.last_name')
          .orderBy('d.first_name'),
      ).as('drivers'),
      jsonArrayFrom(
        eb
          .selectFrom('claims as c')
          .whereRef('c.policy_number', '=', 'p.policy_number')
          .where('c.occurred_on', '>=', sql<Date>`${since}::date`)
          .select([isoDate('c.occurred_on').as('occurred_on'), 'c.nature', 'c.responsibility'])
          .orderBy('c.occurred_on', 'desc'),
      ).as('claims'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    policyNumber: row.policy_number,
    state: row.state,
    startDate: row.start_date,
    endDate: row.end_date,
    endReason: row.end_reason,
    subscriber: {
      firstName: row.first_name,
      lastName: row.last_name,
      customerId: row.customer_id,
      address: `${row.line1}, ${row.postal_code} ${row.city}`,
    },
    vehicle: {
      manufacturer: row.manufacturer,
      model: row.model,
      licensePlate: row.license_plate,
      formula: row.guarantee_formula,
    },
    guarantees: row.guarantees.map((g) => g.type),
    drivers: row.drivers.map((d) => ({
      salutation: d.salutation === 'Mr' ? 'M.' : d.salutation,
      firstName: d.first_name,
      lastName: d.last_name,
      birthDate: d.birth_date,
      licenceDate: d.licence_date,
      principal: d.principal,
      crm: Number(d.crm),
    })),
    claims: row.claims.map((c) => ({
      occurredOn: c.occurred_on,
      nature: c.nature,
      responsibility: Number(c.responsibility),
    })),
  };
}

/** The yearly period of the contract that contains `today`: from its last anniversary on. */
export function currentPeriod(startDate: string, today: string): { from: string; to: string } {
  let years = 0;
  while (!isBefore(today, addMonths(startDate, 12 * (years + 1)))) years += 1;
  const from = addMonths(startDate, 12 * years);
  return { from, to: addDays(addMonths(startDate, 12 * (years + 1)), -1) };
}

/** The generated documents a policy offers, as the download list shows them. */
export function generatedDocumentsOf(
  policy: { policy_number: string; state: string },
  now: Date,
): DownloadedDocument[] {
  const terminated = isTerminated(policy);
  return (Object.keys(GENERATED_DOCUMENTS) as GeneratedDocumentKind[])
    .filter((kind) => !(terminated && GENERATED_DOCUMENTS[kind].activeOnly))
    .map((kind) => ({
      id: GENERATED_DOCUMENTS[kind].id,
      fileName: generatedDocumentFileName(kind, policy.policy_number),
      created: now.toISOString(),
    }));
}

const fullName = (d: { firstName: string; lastName: string }) => `${d.firstName} ${d.lastName}`;

/** What every document is drawn from: the contract, the moment, the skin and the issuer. */
interface DocumentContext {
  data: ContractData;
  now: Date;
  today: string;
  skin: PdfSkin;
  issuer: DocumentIssuer;
  /** The tagged PDF class, from its module loaded on the first document. */
  Pdf: typeof TaggedPdf;
}

/** A document of `kind` for the contract: its title, subject, skin and page footer. */
function documentPdf(kind: GeneratedDocumentKind, { data, skin, Pdf }: DocumentContext): TaggedPdf {
  const { title } = GENERATED_DOCUMENTS[kind];
  return new Pdf({
    title,
    subject: `Contrat n° ${data.policyNumber}, ${data.vehicle.licensePlate}`,
    skin,
    footer: `${skin.brand} · ${title} · contrat n° ${data.policyNumber}`,
  });
}

function issuedLine(now: Date): string {
  return `Document établi le ${formatReceivedAt(now.toISOString())} (heure de Paris) depuis Espace Assuré.`;
}

function renderMemo(context: DocumentContext): Promise<Buffer> {
  const { data, now, today, skin, issuer } = context;
  const period = currentPeriod(data.startDate, today);
  const v = data.vehicle;
  return documentPdf('memo', context)
    .paragraph(
      'Ce mémo rappelle que le véhicule ci-dessous est assuré et inscrit au Fichier des Véhicules Assurés (FVA). Depuis le 1er avril 2024, la carte verte n’est plus délivrée\u00a0: lors d’un contrôle, les forces de l’ordre vérifient l’assurance à partir de l’immatriculation.',
    )
    .heading('Votre véhicule assuré')
    .fields([
      ['Marque', skin.brand],
      ['Intermédiaire (courtier)', `${issuer.brokerName}, ${issuer.brokerAddress}`],
      ['Assureur', issuer.insurerName],
      ['Contrat n°', data.policyNumber],
      ['Immatriculation', v.licensePlate],
      ['Marque et modèle', `${v.manufacturer} ${v.model}`],
      ['Période de validité', `du ${formatDate(period.from)} au ${formatDate(period.to)}`],
      ['Formule de garantie', v.formula],
      ['Assistance', ASSISTANCE_PHONE],
    ])
    .heading('En cas d’accident')
    .list([
      'Mettez-vous en sécurité\u00a0: feux de détresse, gilet de haute visibilité, triangle. En cas de blessé, appelez le 112.',
      'Remplissez un constat amiable avec l’autre conducteur (papier ou application e-constat auto), signé des deux parties.',
      `Si votre véhicule ne peut plus rouler, appelez l’assistance au ${ASSISTANCE_PHONE}.`,
      `Déclarez le sinistre dans les 5 jours ouvrés à ${issuer.brokerName}, depuis votre Espace Assuré ou par courrier, en joignant le constat.`,
    ])
    .paragraph(issuedLine(now))
    .finish();
}

function renderCertificate(context: DocumentContext): Promise<Buffer> {
  const { data, now, today, issuer } = context;
  const period = currentPeriod(data.startDate, today);
  const v = data.vehicle;
  return documentPdf('certificate', context)
    .paragraph(
      `${issuer.insurerName}, par l’intermédiaire de ${issuer.brokerName}, atteste que ${fullName(data.subscriber)} est titulaire d’un contrat d’assurance automobile satisfaisant à l’obligation d’assurance (article L211-1 du Code des assurances) pour le véhicule ci-dessous, pendant la période indiquée.`,
    )
    .fields([
      ['Souscripteur', fullName(data.subscriber)],
      ['N° client', data.subscriber.customerId],
      ['Contrat n°', data.policyNumber],
      ['Véhicule', `${v.manufacturer} ${v.model}`],
      ['Immatriculation', v.licensePlate],
      ['Formule de garantie', v.formula],
      ['Garanties', data.guarantees.join(', ')],
      ['Date d’effet du contrat', formatDate(data.startDate)],
      ['Période de validité', `du ${formatDate(period.from)} au ${formatDate(period.to)}`],
      ['Assureur', issuer.insurerName],
      ['Intermédiaire (courtier)', `${issuer.brokerName}, ${issuer.brokerAddress}`],
    ])
    .paragraph(
      'Cette attestation ne vaut que pour la période indiquée et sous réserve du paiement des cotisations.',
    )
    .paragraph(issuedLine(now))
    .finish();
}

function renderStatement(context: DocumentContext): Promise<Buffer> {
  const { data, now, issuer } = context;
  const v = data.vehicle;
  const terminated = isTerminated(data);
  const principal = data.drivers.find((d) => d.principal) ?? data.drivers[0];
  const pdf = documentPdf('statement', context)
    .paragraph(
      `Relevé d’informations établi en application de l’article A121-1 du Code des assurances, par ${issuer.brokerName} pour le compte de ${issuer.insurerName}.`,
    )
    .heading('Souscripteur')
    .fields([
      ['Nom', fullName(data.subscriber)],
      ['N° client', data.subscriber.customerId],
      ['Adresse', data.subscriber.address],
    ])
    .heading('Contrat')
    .fields([
      ['Contrat n°', data.policyNumber],
      ['Véhicule', `${v.manufacturer} ${v.model}`],
      ['Immatriculation', v.licensePlate],
      ['Formule de garantie', v.formula],
      ['Date de souscription', formatDate(data.startDate)],
      [
        'Situation',
        terminated
          ? `Résilié${data.endDate ? ` le ${formatDate(data.endDate)}` : ''}`
          : `En cours (${data.state})`,
      ],
      ...(terminated
        ? ([['Motif de la résiliation', data.endReason ?? 'Non précisé']] as const)
        : []),
      ['Bonus-malus (coefficient CRM)', principal ? formatCrm(principal.crm) : '—'],
    ])
    .heading('Conducteurs désignés')
    .table(
      ['Conducteur', 'Né(e) le', 'Permis obtenu le', 'Rôle'],
      data.drivers.map((d) => [
        `${d.salutation} ${d.firstName} ${d.lastName}`,
        formatDate(d.birthDate),
        d.licenceDate ? formatDate(d.licenceDate) : 'Non renseigné',
        d.principal ? 'Conducteur principal' : 'Conducteur secondaire',
      ]),
      [0.36, 0.18, 0.2, 0.26],
    )
    .heading(`Sinistres des ${CLAIMS_YEARS} dernières années`);
  if (data.claims.length === 0) {
    pdf.paragraph(`Aucun sinistre au cours des ${CLAIMS_YEARS} dernières années.`);
  } else {
    pdf.table(
      ['Date', 'Nature', 'Part de responsabilité'],
      data.claims.map((c) => [formatDate(c.occurredOn), c.nature, `${c.responsibility} %`]),
      [0.18, 0.54, 0.28],
    );
  }
  return pdf.paragraph(issuedLine(now)).finish();
}

/** The PDF of one generated document of a policy (already known to be the caller's). */
export async function renderContractDocument(
  kind: GeneratedDocumentKind,
  data: ContractData,
  {
    issuer,
    now = new Date(),
    brand = 'lumen',
  }: { issuer: DocumentIssuer; now?: Date; brand?: BrandKey },
): Promise<Buffer> {
  const { PDF_SKINS, TaggedPdf } = await import('../pdf/tagged-pdf');
  const context = {
    data,
    now,
    today: todayInParis(now),
    skin: PDF_SKINS[brand],
    issuer,
    Pdf: TaggedPdf,
  };
  switch (kind) {
    case 'memo':
      return renderMemo(context);
    case 'certificate':
      return renderCertificate(context);
    case 'statement':
      return renderStatement(context);
  }
}
