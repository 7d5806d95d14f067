// The kinds of claim a customer declares (docs/product/claims.md), and which steps each asks for.
export const CLAIM_KINDS = [
  'accident_third_party',
  'accident_no_third_party',
  'broken_glass',
  'theft',
  'vandalism',
  'fire',
  'natural_event',
  'parked_damage',
] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  accident_third_party: 'Accident avec un tiers',
  accident_no_third_party: 'Accident sans tiers',
  broken_glass: 'Bris de glace',
  theft: 'Vol ou tentative de vol',
  vandalism: 'Vandalisme',
  fire: 'Incendie',
  natural_event: 'Événement naturel (tempête, grêle, inondation…)',
  parked_damage: 'Dommage en stationnement',
};

/** The screens of the declaration, in order; `claimSteps` says which a kind goes through. */
export const CLAIM_STEPS = [
  'kind',
  'when',
  'circumstances',
  'parties',
  'injuries',
  'theft',
  'driver',
  'vehicle',
  'photos',
  'constat',
  'summary',
] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** The steps whose answers are saved in the draft (photos and summary have their own calls). */
export const CLAIM_DATA_STEPS = [
  'kind',
  'when',
  'circumstances',
  'parties',
  'injuries',
  'theft',
  'driver',
  'vehicle',
  'constat',
] as const satisfies readonly ClaimStep[];
export type ClaimDataStep = (typeof CLAIM_DATA_STEPS)[number];

export const CLAIM_STEP_LABELS: Record<ClaimStep, string> = {
  kind: 'Type de sinistre',
  when: 'Date et lieu',
  circumstances: 'Circonstances',
  parties: 'Tiers et témoins',
  injuries: 'Blessés',
  theft: 'Plainte et clés',
  driver: 'Conducteur',
  vehicle: 'Véhicule',
  photos: 'Photos',
  constat: 'Constat',
  summary: 'Récapitulatif',
};

/** A vehicle stolen or on fire had no driver at the wheel to name. */
const WITHOUT_DRIVER: readonly ClaimKind[] = ['theft', 'parked_damage', 'natural_event'];

/** The steps a claim of this kind goes through, in order. */
export function claimSteps(kind: ClaimKind | undefined): ClaimStep[] {
  if (!kind) return ['kind'];
  return CLAIM_STEPS.filter((step) => {
    if (step === 'theft') return kind === 'theft';
    if (step === 'constat') return kind === 'accident_third_party';
    if (step === 'driver') return !WITHOUT_DRIVER.includes(kind);
    return true;
  });
}

/** The steps whose saved answers a claim of this kind needs before it is sent. */
export function requiredDataSteps(kind: ClaimKind): ClaimDataStep[] {
  const steps = claimSteps(kind);
  return CLAIM_DATA_STEPS.filter((step) => steps.includes(step));
}
