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
    `Référence de la demande : ${ack.reference}`,
    `Demande reçue le ${formatReceivedAt(ack.receivedAt)} (heure de Paris)`,
    '',
    `Assuré : ${customer.firstName} ${customer.lastName}`,
    `E-mail : ${customer.email} · Téléphone : ${customer.phone}`,
    `Contrat n° ${ack.policyNumber} · ${vehicle.manufacturer} ${vehicle.model} (${vehicle.licensePlate})`,
    `Motif : ${content.reason}`,
    ...(content.comment ? [`Commentaire : ${content.comment}`] : []),
    content.fileNames.length > 0
      ? `Justificatifs reçus : ${content.fileNames.join(', ')}`
      : 'Justificatifs reçus : aucun',
    '',
    `${TERMINATION_MESSAGES.effectiveLabel[ack.effect]} : ${formatDate(ack.effectiveDate)}`,
    TERMINATION_MESSAGES.basis[ack.basis],
    TERMINATION_MESSAGES.indicative,
    '',
    'Nous avons bien reçu votre demande de résiliation. Conservez ce document : il atteste la date de votre demande.',
  ];
  return renderTextPdf({ title: TITLE, lines, footer: FOOTER });
}
