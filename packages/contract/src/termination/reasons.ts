// docs/product/termination.md termination reasons (ids 1 to 3) proof each needs how many files each takes.
// The request carries the reason as the text of the chosen option (docs/product/termination.md); rules work on ids.

export const TERMINATION_REASON_IDS = [1, 2, 3] as const;
export type TerminationReasonId = (typeof TERMINATION_REASON_IDS)[number];

export interface TerminationReason {
  id: TerminationReasonId;
  /** docs/product/termination.md: the option text, sent as `reason`. */
  label: string;
  /** docs/product/termination.md: most files the reason takes; docs/product/termination.md: reasons 2 and 3 need at least one. */
  maxFiles: number;
  /** docs/product/termination.md: reason 3 needs a comment. */
  commentRequired: boolean;
  /** docs/product/termination.md: which proof the reason needs, shown under the reason. */
  proof: string;
}

export const TERMINATION_REASONS: readonly TerminationReason[] = [
  {
    id: 1,
    label: 'Résiliation à l’échéance',
    // Termination at the anniversary needs no proof (Code des assurances L113-12).
    maxFiles: 0,
    commentRequired: false,
    proof: 'Aucun justificatif n’est nécessaire pour une résiliation à l’échéance.',
  },
  {
    id: 2,
    label: 'Je vends mon véhicule et suspends mes garanties',
    maxFiles: 1,
    commentRequired: false,
    proof:
      'Joignez une preuve de la vente\u00a0: certificat de cession, carte grise barrée ou certificat de reprise du véhicule.',
  },
  {
    id: 3,
    label: 'Résiliation Autre',
    maxFiles: 2,
    commentRequired: true,
    proof:
      'Joignez un justificatif, par exemple un acte de décès ou l’attestation d’un nouvel assureur après un refus d’avenant.',
  },
];

export const TERMINATION_REASON_LABELS = TERMINATION_REASONS.map((r) => r.label) as [
  string,
  ...string[],
];

/** The reason of an option text, or undefined when it is none of docs/product/termination.md's. */
export function terminationReasonByLabel(label: string): TerminationReason | undefined {
  return TERMINATION_REASONS.find((r) => r.label === label);
}

export function terminationReason(id: TerminationReasonId): TerminationReason {
  return TERMINATION_REASONS.find((r) => r.id === id)!;
}

/** docs/product/termination.md: a reason that takes files needs at least one. */
export function requiresAttachment(reason: TerminationReason): boolean {
  return reason.maxFiles > 0;
}

/** Reason 2 (L121-11): the sale of the vehicle, which asks the date of the sale. */
export function isSaleReason(reason: TerminationReason): boolean {
  return reason.id === 2;
}
