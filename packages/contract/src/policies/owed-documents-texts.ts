// How the portal words the time left to send the documents owed (docs/product/policies.md « The
// owed-documents banner », docs/product/documents.md « Documents à fournir »): the banner's
// sentence from the days left (unfulfilledDocuments), a document's own deadline from the broker's
// date (`dueOn`). Pure, so the API tests read the same words as the screens.
import { formatDate } from '../shared/format';
import type { DocumentToProvide } from './policy';
import { daysLeftThrough, isOwedDocument, owedDocumentLastDay } from './policy-rules';

/** A sentence in three parts, the middle one emphasised (bold) on screen. */
export interface EmphasisedSentence {
  before: string;
  emphasis: string;
  after: string;
}

const ASK = 'Merci de nous transmettre en ligne les documents demandés';

/**
 * The banner's sentence for `daysLeft` days left, today included (1: today is the last day;
 * 0 or less: the deadline has passed). Never « 0 jour » nor « 1 jours ».
 */
export function owedDocumentsDelay(daysLeft: number): EmphasisedSentence {
  if (daysLeft <= 0)
    return {
      before: 'Le délai pour nous transmettre les documents demandés est ',
      emphasis: 'dépassé',
      after: '\u00a0: merci de nous les transmettre en ligne au plus vite.',
    };
  if (daysLeft === 1)
    return {
      before: `${ASK} dans un délai de `,
      emphasis: '1\u00a0jour',
      after: ' (aujourd’hui au plus tard).',
    };
  return { before: `${ASK} dans un délai de `, emphasis: `${daysLeft}\u00a0jours`, after: '.' };
}

/** The sentence as one text (what a screen reader or a test reads). */
export function sentenceText(sentence: EmphasisedSentence): string {
  return sentence.before + sentence.emphasis + sentence.after;
}

/**
 * The deadline line of a document on « Documents à fournir »: the broker's date for a document
 * still to send (no status yet, pending, rejected or not validated), « À envoyer avant le … »
 * while it has days left (owedDocumentDaysLeft's count, to owedDocumentLastDay), or, once none,
 * that it has passed; null without a broker's date or once sent.
 */
export function owedDocumentDueLine(
  doc: Pick<DocumentToProvide, 'status' | 'dueOn'>,
  today: Date = new Date(),
): string | null {
  if (!doc.dueOn || (doc.status !== null && !isOwedDocument(doc))) return null;
  const date = formatDate(doc.dueOn);
  return daysLeftThrough(owedDocumentLastDay({ dueOn: doc.dueOn }), today) > 0
    ? `À envoyer avant le ${date}`
    : `Délai dépassé depuis le ${date}\u00a0: à envoyer au plus vite`;
}
