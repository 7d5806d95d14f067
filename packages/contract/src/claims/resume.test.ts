import { describe, expect, it } from 'vitest';
import { addDays, todayInParis } from '../shared/dates';
import { CLAIM_STEPS } from './kinds';
import { reachableClaimStep } from './resume';
import type { ClaimStepAnswers } from './steps';
import { claimDraftProgressSchema } from './typed';

const when = {
  occurredOn: addDays(todayInParis(), -1),
  occurredAt: '08:30',
  place: { label: 'Paris', source: 'typed' as const },
};

describe('where a claim resumes', () => {
  it('opens the step left when every step before it is complete', () => {
    const answers: Partial<ClaimStepAnswers> = { kind: { kind: 'broken_glass' }, when };
    expect(reachableClaimStep(answers, 'circumstances')).toBe('circumstances');
    expect(reachableClaimStep(answers, 'when')).toBe('when');
  });

  it('never past an incomplete step, nor past answers that fail their schema again', () => {
    const answers: Partial<ClaimStepAnswers> = { kind: { kind: 'broken_glass' } };
    expect(reachableClaimStep(answers, 'vehicle')).toBe('when');
    expect(reachableClaimStep(answers, 'summary')).toBe('when');
    const stale = { ...answers, when: { ...when, occurredAt: '8h' } };
    expect(reachableClaimStep(stale, 'circumstances')).toBe('when');
  });

  it('opens the furthest step reachable for a step the kind does not have, and the kind first', () => {
    expect(reachableClaimStep({}, 'when')).toBe('kind');
    const glass: Partial<ClaimStepAnswers> = { kind: { kind: 'broken_glass' }, when };
    expect(reachableClaimStep(glass, 'theft')).toBe('circumstances');
    expect(reachableClaimStep(glass, undefined)).toBe('circumstances');
  });

  it('records every step of the declaration, and only those', () => {
    for (const step of CLAIM_STEPS) {
      expect(claimDraftProgressSchema.safeParse({ step }).success, step).toBe(true);
    }
    expect(claimDraftProgressSchema.safeParse({ step: 'elsewhere' }).success).toBe(false);
  });
});
