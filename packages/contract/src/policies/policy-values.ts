// The values a policy's payload is made of (policy.ts builds its schemas from them): apart from
// the schemas, since the portal's first screen reads them and must not load zod with them
// (docs/decisions/0135-first-screen-controls-and-zod-without-eval.md).

export const DOCUMENT_STATUSES = [
  'validated',
  'rejected',
  'received',
  'pending',
  'not validated',
  'cancelled',
] as const;

/** 'autre' is the file type of any extra document the customer adds (docs/product/policies.md). */
export const OTHER_FILE_TYPE = 'autre';

/**
 * docs/product/policies.md policy states. 'Résilié CTX' is a termination after litigation (contentieux); both
 * terminated states are listed once, in TERMINATED_STATES (policy-rules.ts).
 */
export const POLICY_STATES = {
  active: 'Actif',
  suspended: 'Suspendu',
  terminated: 'Résilié',
  terminatedLitigation: 'Résilié CTX',
} as const;
export type PolicyState = (typeof POLICY_STATES)[keyof typeof POLICY_STATES];

/** docs/product/policies.md driver salutation; 'Mr' is shown as 'M.' (docs/decisions/README.md (deviations)). */
export const SALUTATIONS = ['Mme', 'Mr'] as const;
export type Salutation = (typeof SALUTATIONS)[number];
/** What the customer reads for each salutation; the payload keeps 'Mr'. */
export const SALUTATION_LABELS: Record<Salutation, string> = { Mme: 'Mme', Mr: 'M.' };
