// What the customer reads about a complaint's handling: the process (on the receipt screen, in
// the acknowledgement mail and on the answer's PDF), the mails' texts, and the paragraph that
// names the insurance mediator in every answer that does not accept the complaint in full
// (docs/decisions/0123-complaints-as-requests.md).
import { formatDate } from '../shared/format';
import { COMPLAINT_ACK_JOURS_OUVRABLES, COMPLAINT_ANSWER_MONTHS } from './deadlines';

const NBSP = '\u00a0';

/** How a complaint is handled, in the order the customer lives it. */
export function complaintProcess(acknowledgeBy: string, answerBy: string): string[] {
  return [
    `Nous accusons réception de votre réclamation dans un délai de ${COMPLAINT_ACK_JOURS_OUVRABLES} jours ouvrables, au plus tard le ${formatDate(acknowledgeBy)}. Cet accusé de réception vous est envoyé dès maintenant par e-mail.`,
    `Nous vous adressons une réponse complète dans un délai de ${COMPLAINT_ANSWER_MONTHS} mois au plus, au plus tard le ${formatDate(answerBy)}, par e-mail et dans «${NBSP}Mes demandes${NBSP}».`,
    'Si notre réponse ne vous satisfait pas, ou sans réponse de notre part dans ce délai, vous pourrez saisir gratuitement le médiateur de l’assurance.',
  ];
}

/**
 * The paragraph of an answer that does not accept the complaint in full: the mediator as the
 * operator configured it (LEGAL_MEDIATOR: its name and address) and the customer's right.
 */
export function mediatorParagraph(mediator: string): string {
  return `Si cette réponse ne vous satisfait pas, vous pouvez saisir gratuitement le médiateur de l’assurance, dès maintenant ou, sans réponse de notre part, deux mois après l’envoi de votre réclamation, et au plus tard un an après celle-ci${NBSP}: ${mediator} (www.mediation-assurance.org). Son avis ne vous prive pas du droit de saisir ensuite la justice.`;
}

const folded = (text: string) =>
  text.normalize('NFC').replace(/[’`´]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

/** The answer names the configured mediator (name and address) and the right to go to it. */
export function mentionsMediator(answer: string, mediator: string): boolean {
  const text = folded(answer);
  return text.includes(folded(mediator)) && /saisir|recours|s'adresser/.test(text);
}

export const COMPLAINT_MAIL_TEXTS = {
  ackSubject: (brand: string, reference: string) =>
    `${brand}${NBSP}: accusé de réception de votre réclamation ${reference}`,
  ackIntro: (reference: string, category: string) =>
    `Nous avons bien reçu votre réclamation «${NBSP}${category}${NBSP}», enregistrée sous la référence ${reference}. Rappelez-la dans vos échanges avec nous.`,
  answerSubject: (brand: string, reference: string) =>
    `${brand}${NBSP}: réponse à votre réclamation ${reference}`,
  answerIntro: (reference: string, outcome: string) =>
    `Voici notre réponse à votre réclamation ${reference}${NBSP}: ${outcome}. Vous la trouverez aussi en PDF, joint à cet e-mail et dans «${NBSP}Mes demandes${NBSP}».`,
  action: 'Suivre ma réclamation',
  linkLead: 'Suivez votre réclamation dans votre espace',
} as const;
