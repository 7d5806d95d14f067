// What happens after a claim is sent (docs/product/claims.md « After sending »), said the same way
// on the sent screen, in the receipt's PDF and in the mail: who gets back to the customer and by
// when (the broker's own promise, RECONTACT_PROMISE_HOURS), how they follow it, and what the law says of
// the payment (Code des assurances, article L113-5: « dans le délai convenu », the contract's).
// No other delay is promised: none is the product's to give.
import { RECONTACT_PROMISE_HOURS } from '../shared/constants';
import { formatReceivedAt } from '../shared/display-format';
import type { ClaimKind } from './kinds';

const NBSP = '\u00a0';
const quoted = (text: string) => `«${NBSP}${text}${NBSP}»`;

export interface ClaimNextStepsInput {
  reference: string;
  kind: ClaimKind;
  /** The broker (LEGAL_BROKER_NAME), who handles the claim. */
  brokerName: string;
  /** When it was declared (ISO): the recontact promise runs from there. */
  declaredAt: string;
  /** A broken-glass claim on a contract without a glass cover. */
  withoutGlassCover?: boolean;
}

/** The day and hour the broker has promised to get back by: `declaredAt` plus RECONTACT_PROMISE_HOURS. */
export function recontactBy(declaredAt: string): string {
  return new Date(Date.parse(declaredAt) + RECONTACT_PROMISE_HOURS * 3_600_000).toISOString();
}

/** The paragraphs of « Et maintenant ? », in order. */
export function claimNextSteps(input: ClaimNextStepsInput): string[] {
  const steps = [
    `${input.brokerName}, votre courtier, étudie votre déclaration et vous contacte sous ${RECONTACT_PROMISE_HOURS}${NBSP}h, d’ici le ${formatReceivedAt(recontactBy(input.declaredAt))}, pour la suite (expertise, réparation, pièces à fournir).`,
    `Chaque étape vous est annoncée par e-mail et s’affiche dans ${quoted('Mes demandes')}, sous la référence ${input.reference}. Si une pièce manque, elle vous est demandée dans ${quoted('Documents à fournir')}.`,
  ];
  if (input.kind === 'broken_glass') {
    steps.push(
      input.withoutGlassCover
        ? `Votre contrat ne comprend pas de garantie Bris de glace${NBSP}: votre courtier vous dira si ce sinistre est pris en charge avant toute réparation.`
        : `Vous êtes libre de choisir le professionnel qui réparera ou remplacera le vitrage.`,
    );
  }
  steps.push(
    `Une fois le montant de l’indemnité fixé, l’assureur la verse dans le délai prévu par votre contrat (Code des assurances, article L113-5).`,
  );
  return steps;
}

export const CLAIM_NEXT_STEPS_TITLE = `Et maintenant${NBSP}?`;

/** The mail sent with the receipt once a claim is declared. */
export const CLAIM_MAIL_TEXTS = {
  subject: (brandName: string, reference: string) =>
    `${brandName}${NBSP}: votre déclaration de sinistre ${reference} est bien reçue`,
  intro: (reference: string, kindLabel: string, declaredAt: string) =>
    `Nous avons bien reçu votre déclaration de sinistre ${quoted(kindLabel)} le ${formatReceivedAt(declaredAt)}, sous la référence ${reference}. Son accusé de réception est joint à cet e-mail, en PDF.`,
  action: 'Suivre ma déclaration',
  linkLead: `Votre déclaration dans votre Espace Assuré${NBSP}:`,
} as const;
