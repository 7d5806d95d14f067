// The answer to a complaint as a PDF, drawn like the generated documents (the shared layout,
// ../documents/pdf-layouts/layout.ts) in the mail's skin: the complaint as received, its dates
// and deadlines, the outcome and the broker's text as written (paragraph by paragraph), which
// names the insurance mediator whenever the answer does not accept the complaint in full.
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_OUTCOME_LABELS,
  formatDate,
  formatReceivedAt,
  type BrandKey,
} from '@espace/contract';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { documentFrame, issuedLine, openDocument } from '../documents/pdf-layouts/layout';
import type { ComplaintRow } from './complaint-reads';

export interface AnswerContent {
  complaint: Pick<
    ComplaintRow,
    'reference' | 'category' | 'received_at' | 'acknowledge_by' | 'answer_by' | 'text'
  > & { firstName: string; lastName: string };
  outcome: keyof typeof COMPLAINT_OUTCOME_LABELS;
  text: string;
  answeredAt: Date;
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);

export async function renderComplaintAnswer(
  content: AnswerContent,
  { issuer, brand }: { issuer: DocumentIssuer; brand: BrandKey },
): Promise<Buffer> {
  const { complaint, outcome, answeredAt } = content;
  const frame = await documentFrame(brand, issuer, answeredAt);
  let doc = openDocument(frame, {
    title: 'Réponse à votre réclamation',
    subject: `Réclamation ${complaint.reference}`,
    reference: complaint.reference,
  })
    .paragraph(
      `${complaint.firstName} ${complaint.lastName}, voici la réponse de ${issuer.brokerName}, courtier de votre contrat auprès de ${issuer.insurerName}, à votre réclamation.`,
    )
    .heading('Votre réclamation')
    .fields([
      ['Référence', complaint.reference],
      ['Objet', COMPLAINT_CATEGORY_LABELS[complaint.category]],
      ['Reçue le', `${formatReceivedAt(new Date(complaint.received_at).toISOString())}`],
      ['Accusé de réception dû le', formatDate(complaint.acknowledge_by)],
      ['Réponse due le', formatDate(complaint.answer_by)],
      ['Réponse envoyée le', formatReceivedAt(answeredAt.toISOString())],
    ])
    .heading('Notre réponse')
    .paragraph(COMPLAINT_OUTCOME_LABELS[outcome], { strong: true });
  for (const paragraph of paragraphs(content.text)) doc = doc.paragraph(paragraph);
  return doc.paragraph(issuedLine(answeredAt)).finish();
}
