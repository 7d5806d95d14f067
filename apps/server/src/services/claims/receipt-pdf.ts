// The receipt of a claim declaration, drawn like the generated documents (the Mémo's pipeline:
// ../documents/pdf-layouts/layout.ts), in the skin the customer saw: what was declared, when,
// the deadline it was declared against and, when late, what that means, and what happens next
// (docs/product/claims.md).
import {
  CLAIM_KEYS_LABELS,
  CLAIM_KIND_LABELS,
  CLAIM_MESSAGES,
  CLAIM_NEXT_STEPS_TITLE,
  claimGlassOf,
  constatBoxLabel,
  formatCoordinates,
  formatDate,
  formatReceivedAt,
  glassDamageText,
  type BrandKey,
  type ClaimAcknowledgement,
  type ClaimStepAnswers,
} from '@espace/contract';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { documentFrame, openDocument } from '../documents/pdf-layouts/layout';

export interface ClaimReceiptContent {
  acknowledgement: Omit<ClaimAcknowledgement, 'receiptDocumentId' | 'receiptFileName'>;
  customer: { firstName: string; lastName: string };
  vehicle: { manufacturer: string; model: string; licensePlate: string };
  answers: Partial<ClaimStepAnswers>;
  driverName: string | null;
  fileNames: { photos: string[]; constat: string[] };
}

type Row = [string, string];

/** What the rows of a declaration read: its answers, and the driver's name when one was given. */
export type DeclarationRowsOf = Pick<ClaimReceiptContent, 'answers' | 'driverName'>;

export function claimReceiptFileName(reference: string): string {
  return `Accusé de réception sinistre ${reference}.pdf`;
}

const yesNo = (value: boolean) => (value ? 'oui' : 'non');

export function eventRows({ answers }: DeclarationRowsOf): Row[] {
  const rows: Row[] = [];
  if (answers.kind) rows.push(['Type de sinistre', CLAIM_KIND_LABELS[answers.kind.kind]]);
  const glass = claimGlassOf(answers);
  if (glass) rows.push(['Vitrage', glassDamageText(glass)]);
  if (answers.when) {
    rows.push([
      'Date et heure',
      `${formatDate(answers.when.occurredOn)} à ${answers.when.occurredAt}`,
    ]);
    if (answers.when.learntOn) rows.push(['Constaté le', formatDate(answers.when.learntOn)]);
    rows.push(['Lieu', answers.when.place.label]);
    const { latitude, longitude } = answers.when.place;
    if (latitude !== undefined && longitude !== undefined) {
      rows.push(['Position du téléphone', formatCoordinates(latitude, longitude)]);
    }
    if (answers.when.naturalDisasterOrderOn) {
      rows.push(['Arrêté publié le', formatDate(answers.when.naturalDisasterOrderOn)]);
    }
  }
  if (answers.injuries) rows.push(['Blessés', yesNo(answers.injuries.injuries)]);
  if (answers.circumstances?.boxes.length) {
    rows.push([
      'Cases du constat (véhicule A)',
      answers.circumstances.boxes.map(constatBoxLabel).join('\u00a0; '),
    ]);
  }
  if (answers.circumstances) rows.push(['Description', answers.circumstances.description]);
  return rows;
}

export function partyRows({ answers, driverName }: DeclarationRowsOf): Row[] {
  const rows: Row[] = [];
  const third = answers.parties?.thirdParty;
  if (third) {
    const insurer = third.insurer
      ? `assuré chez ${third.insurer}${third.contractNumber ? ` (contrat n°\u00a0${third.contractNumber})` : ''}`
      : third.contractNumber && `contrat n°\u00a0${third.contractNumber}`;
    const details = [third.name, `immatriculation ${third.plate}`, insurer].filter(Boolean);
    rows.push(['Tiers', details.join(', ')]);
  }
  for (const witness of answers.parties?.witnesses ?? []) {
    rows.push(['Témoin', [witness.name, witness.phone].filter(Boolean).join(', ')]);
  }
  if (driverName) rows.push(['Conducteur', driverName]);
  const theft = answers.theft;
  if (theft) {
    rows.push([
      'Plainte déposée',
      `le ${formatDate(theft.complaintFiledOn)}, ${theft.policeStation}, procès-verbal n°\u00a0${theft.complaintReference}`,
    ]);
    rows.push([
      'Clés',
      [CLAIM_KEYS_LABELS[theft.keys], theft.keysDetail].filter(Boolean).join('\u00a0: '),
    ]);
  }
  if (answers.vehicle) {
    rows.push(['Véhicule roulant', yesNo(answers.vehicle.drivable)]);
    rows.push(['Où est le véhicule', answers.vehicle.location]);
  }
  return rows;
}

export async function renderClaimReceipt(
  content: ClaimReceiptContent,
  { issuer, brand }: { issuer: DocumentIssuer; brand: BrandKey },
): Promise<Buffer> {
  const { acknowledgement: ack, customer, vehicle, fileNames, answers } = content;
  const frame = await documentFrame(brand, issuer, new Date(ack.declaredAt));
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : 'aucune');
  const files: Row[] = [['Photos', list(fileNames.photos)]];
  if (answers.constat) {
    files.push(['Constat', list(fileNames.constat)]);
    if (answers.constat.eConstatReference)
      files.push(['e-constat', answers.constat.eConstatReference]);
  }
  let doc = openDocument(frame, {
    title: 'Accusé de réception de votre déclaration de sinistre',
    subject: `Sinistre ${ack.reference}, contrat n°\u00a0${ack.policyNumber}`,
    reference: ack.reference,
  })
    .paragraph(
      `${issuer.brokerName}, courtier de votre contrat auprès de ${issuer.insurerName}, a bien reçu votre déclaration de sinistre. Conservez ce document\u00a0: il atteste la date de votre déclaration.`,
    )
    .heading('Votre déclaration')
    .fields([
      ['Référence', ack.reference],
      ['Déclarée le', `${formatReceivedAt(ack.declaredAt)} (heure de Paris)`],
      ['Assuré', `${customer.firstName} ${customer.lastName}`],
      ['Contrat', `n°\u00a0${ack.policyNumber}`],
      ['Véhicule', `${vehicle.manufacturer} ${vehicle.model} (${vehicle.licensePlate})`],
    ])
    .heading('Le sinistre')
    .fields(eventRows(content))
    .heading('Personnes et véhicule')
    .fields(partyRows(content))
    .heading('Pièces jointes')
    .fields(files);
  if (ack.deadline) {
    doc = doc.heading('Délai de déclaration').paragraph(ack.deadline.text);
    if (ack.deadline.late) doc = doc.paragraph(CLAIM_MESSAGES.late, { strong: true });
  }
  doc = doc.heading(CLAIM_NEXT_STEPS_TITLE);
  for (const step of ack.nextSteps) doc = doc.paragraph(step);
  return doc
    .paragraph(`${CLAIM_MESSAGES.assistance}.`)
    .paragraph('Accusé de réception établi automatiquement à la réception de la déclaration.')
    .finish();
}
