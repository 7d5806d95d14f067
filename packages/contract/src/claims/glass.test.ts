import { describe, expect, it } from 'vitest';
import { claimCompletenessIssues } from './draft';
import { claimGlassOf, glassDamageText, hasGlassCover } from './glass';
import { CLAIM_MESSAGES } from './messages';
import { reachableClaimStep } from './resume';
import { claimStepSchema, type ClaimStepAnswers } from './steps';

const DESCRIPTION = 'Un caillou projeté par un camion sur l’A7.';
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('a broken-glass claim', () => {
  it('asks on « Circonstances » which glass and how it is broken, in French', () => {
    const schema = claimStepSchema('circumstances', 'broken_glass');
    expect(messages(schema.safeParse({ description: DESCRIPTION }))).toEqual([
      CLAIM_MESSAGES.required.glassPane,
    ]);
    expect(messages(schema.safeParse({ description: DESCRIPTION, glass: {} }))).toEqual([
      'Indiquez quel vitrage est endommagé',
      'Indiquez s’il s’agit d’un impact, d’une fissure ou d’une vitre brisée',
    ]);
    expect(
      messages(
        schema.safeParse({ description: DESCRIPTION, glass: { pane: 'hood', damage: 'x' } }),
      ),
    ).toHaveLength(2);
    expect(
      schema.parse({ description: DESCRIPTION, glass: { pane: 'windscreen', damage: 'crack' } }),
    ).toEqual({
      boxes: [],
      description: DESCRIPTION,
      glass: { pane: 'windscreen', damage: 'crack' },
    });
  });

  it('drops a glass from another kind’s « Circonstances », and asks none', () => {
    const glass = { pane: 'windscreen', damage: 'impact' };
    expect(
      claimStepSchema('circumstances', 'vandalism').parse({ description: DESCRIPTION, glass }),
    ).toEqual({ boxes: [], description: DESCRIPTION });
    expect(claimStepSchema('circumstances', 'fire').safeParse({ description: 'x' }).success).toBe(
      true,
    );
  });

  it('resumes at « Circonstances » while its glass is not named, and is not sent without it', () => {
    const answers: Partial<ClaimStepAnswers> = {
      kind: { kind: 'broken_glass' },
      when: {
        occurredOn: '2026-11-20',
        occurredAt: '08:00',
        place: { label: 'A7', source: 'typed' },
      },
      circumstances: { boxes: [], description: DESCRIPTION },
    };
    expect(reachableClaimStep(answers, 'vehicle')).toBe('circumstances');
    expect(claimCompletenessIssues(answers, [])).toMatchObject({
      'glass.pane': CLAIM_MESSAGES.required.glassPane,
    });
    const named = {
      ...answers,
      circumstances: {
        boxes: [],
        description: DESCRIPTION,
        glass: { pane: 'rear_window', damage: 'shattered' },
      },
    } satisfies Partial<ClaimStepAnswers>;
    expect(reachableClaimStep(named, 'vehicle')).not.toBe('circumstances');
    expect(claimCompletenessIssues(named, [])).not.toHaveProperty('glass.pane');
    expect(claimGlassOf(named)).toEqual({ pane: 'rear_window', damage: 'shattered' });
    expect(claimGlassOf({ ...named, kind: { kind: 'vandalism' } })).toBeUndefined();
  });

  it('says the glass and its damage as the summary, the receipt and the console do', () => {
    expect(glassDamageText({ pane: 'windscreen', damage: 'impact' })).toBe('Pare-brise, impact');
    expect(glassDamageText({ pane: 'side_window', damage: 'crack' })).toBe(
      'Vitre latérale, fissure',
    );
    expect(glassDamageText({ pane: 'glass_roof', damage: 'shattered' })).toBe(
      'Toit vitré ou toit ouvrant, vitre brisée ou tombée',
    );
  });

  it('finds a glass cover among the contract’s guarantees, whatever its case and accents', () => {
    const named = (...types: string[]) => types.map((type) => ({ type }));
    expect(hasGlassCover(named('Responsabilité civile', 'Bris de glace'))).toBe(true);
    expect(hasGlassCover(named('BRIS DE GLACE'))).toBe(true);
    expect(hasGlassCover(named('Bris de glace étendu (optiques)'))).toBe(true);
    expect(
      hasGlassCover(named('Responsabilité civile', 'Défense pénale et recours', 'Assistance 0 km')),
    ).toBe(false);
    expect(hasGlassCover([])).toBe(false);
  });
});
