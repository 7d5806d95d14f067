// The receipt of a termination request on a durable medium (Code des assurances L113-15-3,
// décret 2023-182): who asked, for which contract, the reference, the date and time of receipt
// and the indicative date of effect with the article it applies. Drawn like the generated
// documents, in the skin the customer saw, with the same header and the footer naming the
// broker (ORIAS) and the insurer (../documents/pdf-layouts/layout.ts).
import {
  formatDate,
  formatReceivedAt,
  TERMINATION_MESSAGES,
  type BrandKey,
  type TerminationAcknowledgement,
} from '@espace/contract';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { documentFrame, openDocument } from '../documents/pdf-layouts/layout';

export interface ReceiptContent {
  acknowledgement: Omit<TerminationAcknowledgement, 'receiptDocumentId' | 'receiptFileName'>;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  vehicle: { manufacturer: string; model: string; licensePlate: string };
  reason: string;
  comment: string;
  fileNames: string[];
}

const TITLE = 'Accusé de réception de votre demande de résiliation';

/** The name under which the receipt is listed in the 'Téléchargement' tab. */
export function receiptFileName(reference: string): string {
  return `Accusé de réception résiliation ${reference}.pdf`;
}

export async function renderReceipt(
  content: ReceiptContent,
  { issuer, brand }: { issuer: DocumentIssuer; brand: BrandKey },
): Promise<Buffer> {
  const { acknowledgement: ack, customer, vehicle } = content;
  const frame = await documentFrame(brand, issuer, new Date(ack.receivedAt));
  const request: [string, string][] = [
    ['Référence de la demande', ack.reference],
    ['Reçue le', `${formatReceivedAt(ack.receivedAt)} (heure de Paris)`],
    ['Assuré', `${customer.firstName} ${customer.lastName}`],
    ['E-mail', customer.email],
    ['Téléphone', customer.phone],
    ['Contrat n°', ack.policyNumber],
    ['Véhicule', `${vehicle.manufacturer} ${vehicle.model} (${vehicle.licensePlate})`],
    ['Motif', content.reason],
    ...(ack.saleDate
      ? ([[TERMINATION_MESSAGES.saleDateLabel, formatDate(ack.saleDate)]] as [string, string][])
      : []),
    ...(content.comment ? ([['Commentaire', content.comment]] as [string, string][]) : []),
    ['Justificatifs reçus', content.fileNames.length > 0 ? content.fileNames.join(', ') : 'aucun'],
  ];
  return openDocument(frame, {
    title: TITLE,
    subject: `Demande ${ack.reference}, contrat n° ${ack.policyNumber}`,
    reference: ack.reference,
  })
    .paragraph(
      `${issuer.brokerName}, courtier de votre contrat auprès de ${issuer.insurerName}, a bien reçu votre demande de résiliation. Conservez ce document\u00a0: il atteste la date de votre demande.`,
    )
    .heading('Votre demande')
    .fields(request)
    .heading('Date d’effet')
    .fields([
      [TERMINATION_MESSAGES.effectiveLabel[ack.effect], formatDate(ack.effectiveDate)],
      ...(ack.terminationDate
        ? ([[TERMINATION_MESSAGES.terminationDateLabel, formatDate(ack.terminationDate)]] as [
            string,
            string,
          ][])
        : []),
    ])
    .paragraph(TERMINATION_MESSAGES.basis[ack.basis])
    .paragraph(TERMINATION_MESSAGES.indicative, { strong: true })
    .paragraph('Accusé de réception établi automatiquement à la réception de la demande.')
    .finish();
}
