// A broken-glass claim (docs/product/claims.md « Bris de glace »): which glass, and how it is
// broken — what the broker needs to send the customer to a repair or a replacement (an impact can
// often be repaired, a crack or a broken pane is replaced) — asked on the « Circonstances » step
// of that kind (steps.ts claimStepSchema), and whether the contract covers it.
import { z } from '../shared/zod';
import { CLAIM_MESSAGES } from './messages';

export const CLAIM_GLASS_PANES = [
  'windscreen',
  'side_window',
  'rear_window',
  'glass_roof',
] as const;
export type ClaimGlassPane = (typeof CLAIM_GLASS_PANES)[number];
export const CLAIM_GLASS_PANE_LABELS: Record<ClaimGlassPane, string> = {
  windscreen: 'Pare-brise',
  side_window: 'Vitre latérale',
  rear_window: 'Lunette arrière',
  glass_roof: 'Toit vitré ou toit ouvrant',
};

export const CLAIM_GLASS_DAMAGES = ['impact', 'crack', 'shattered'] as const;
export type ClaimGlassDamage = (typeof CLAIM_GLASS_DAMAGES)[number];
export const CLAIM_GLASS_DAMAGE_LABELS: Record<ClaimGlassDamage, string> = {
  impact: 'Impact (un éclat)',
  crack: 'Fissure',
  shattered: 'Vitre brisée ou tombée',
};

const { required: REQUIRED } = CLAIM_MESSAGES;

export const claimGlassSchema = z.object(
  {
    pane: z.enum(CLAIM_GLASS_PANES, { error: REQUIRED.glassPane }),
    damage: z.enum(CLAIM_GLASS_DAMAGES, { error: REQUIRED.glassDamage }),
  },
  { error: REQUIRED.glassPane },
);
export type ClaimGlassAnswers = z.output<typeof claimGlassSchema>;

/** « Pare-brise, fissure »: the glass and its damage, as the summary, receipt and console say it. */
export function glassDamageText({ pane, damage }: ClaimGlassAnswers): string {
  const how = CLAIM_GLASS_DAMAGE_LABELS[damage].replace(/ \(.*\)$/, '');
  return `${CLAIM_GLASS_PANE_LABELS[pane]}, ${how.charAt(0).toLowerCase()}${how.slice(1)}`;
}

/** The glass of a broken-glass claim's answers (its « Circonstances »), when there is one. */
export function claimGlassOf(answers: {
  kind?: { kind: string } | undefined;
  circumstances?: { glass?: ClaimGlassAnswers | undefined } | undefined;
}): ClaimGlassAnswers | undefined {
  return answers.kind?.kind === 'broken_glass' ? answers.circumstances?.glass : undefined;
}

/** A guarantee type naming the glass cover, whatever its case and accents (« Bris de glace »). */
const GLASS_COVER = /\bbris de glace\b/;

/**
 * Whether a contract's guarantees (their `type`, as the broker's systems name them) include a
 * glass cover. Without one, a broken-glass claim is still declared, and the customer is told
 * before sending that it may not be covered (CLAIM_MESSAGES.noGlassCover).
 */
export function hasGlassCover(guarantees: readonly { type: string }[]): boolean {
  return guarantees.some((g) =>
    GLASS_COVER.test(g.type.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()),
  );
}
