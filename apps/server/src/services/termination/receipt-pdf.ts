// The receipt of a termination request on a durable medium (Code des assurances L113-15-3,
// décret 2023-182): who asked, for which contract, the reference, the date and time of receipt
// and the indicative date of effect with the article it applies. Drawn as a PDF with pdf-lib.
import {
  formatDate,
  formatReceivedAt,
  TERMINATION_MESSAGES,
  type TerminationAcknowledgement,
} from '@espace/contract';
import { renderTextPdf } from '../pdf/text-pdf';

export interface ReceiptContent {
  acknowledgement: Omit<TerminationAcknowledgement, 'receiptDocumentId' | 'receiptFileName'>;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  vehicle: { manufacturer: string; model: string; licensePlate: string };
  reason: string;
  comment: string;
  fileNames: string[];
}

const TITLE = 'Accusé de réception de votre demande de résiliation';
const FOOTER = 'Espace Assuré — accusé de réception établi automatiquement à la réception';

/** The name under which the receipt is listed in the 'Téléchargement' tab. */
export function receiptFileName(reference: string): string {
  return `Accusé de réception résiliation ${reference}.pdf`;
}

export function renderReceipt(content: ReceiptContent): Promise<Uint8Array> {
  const { acknowledgement: ack, customer, vehicle } = content;
  const lines = [
    `Référence de la demande\u00a0: ${ack.reference}`,
    `Demande reçue le ${formatReceivedAt(ack.receivedAt)} (heure de Paris)`,
    '',
    `Assuré\u00a0: ${customer.firstName} ${customer.lastName}`,
    `E-mail\u00a0: ${customer.email} · Téléphone\u00a0: ${customer.phone}`,
    `Contrat n° ${ack.policyNumber} · ${vehicle.manufacturer} ${vehicle.model} (${vehicle.licensePlate})`,
    `Motif\u00a0: ${content.reason}`,
    ...(content.comment ? [`Commentaire\u00a0: ${content.comment}`] : []),
    content.fileNames.length > 0
      ? `Justificatifs reçus\u00a0: ${content.fileNames.join(', ')}`
      : 'Justificatifs reçus\u00a0: aucun',
    '',
    ...(ack.saleDate
      ? [`${TERMINATION_MESSAGES.saleDateLabel}\u00a0: ${formatDate(ack.saleDate)}`]
      : []),
    `${TERMINATION_MESSAGES.effectiveLabel[ack.effect]}\u00a0: ${formatDate(ack.effectiveDate)}`,
    ...(ack.terminationDate
      ? [`${TERMINATION_MESSAGES.terminationDateLabel}\u00a0: ${formatDate(ack.terminationDate)}`]
      : []),
    TERMINATION_MESSAGES.basis[ack.basis],
    TERMINATION_MESSAGES.indicative,
    '',
    'Nous avons bien reçu votre demande de résiliation. Conservez ce document\u00a0: il atteste la date de votre demande.',
  ];
  return renderTextPdf({ title: TITLE, lines, footer: FOOTER });
}
