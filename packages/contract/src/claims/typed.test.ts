import { describe, expect, it } from 'vitest';
import { SAFE_TEXT_MESSAGE } from '../shared/safe-text';
import { CLAIM_DATA_STEPS } from './kinds';
import { CLAIM_TEXT_MAX } from './limits';
import { CLAIM_MESSAGES } from './messages';
import { CLAIM_STEP_SCHEMAS } from './steps';
import { CLAIM_TYPED_SCHEMAS } from './typed';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('what a customer typed on a step', () => {
  it('may be empty or partial where « Continuer » would refuse it', () => {
    for (const step of CLAIM_DATA_STEPS) {
      expect(CLAIM_TYPED_SCHEMAS[step].safeParse({}).success, step).toBe(true);
    }
    const when = { occurredOn: '', occurredAt: '08:', place: { label: 'Rue de Ri' } };
    expect(CLAIM_TYPED_SCHEMAS.when.parse(when)).toEqual(when);
    expect(CLAIM_STEP_SCHEMAS.when.safeParse(when).success).toBe(false);
    expect(CLAIM_TYPED_SCHEMAS.parties.parse({ witnesses: [{ phone: '06' }] })).toEqual({
      witnesses: [{ phone: '06' }],
    });
  });

  it('is still checked for types, lengths and safe text, in French', () => {
    const long = 'x'.repeat(CLAIM_TEXT_MAX.place + 1);
    expect(messages(CLAIM_TYPED_SCHEMAS.when.safeParse({ place: { label: long } }))).toEqual([
      CLAIM_MESSAGES.invalid.tooLong(CLAIM_TEXT_MAX.place),
    ]);
    expect(messages(CLAIM_TYPED_SCHEMAS.vehicle.safeParse({ location: 'a\u202eb' }))).toEqual([
      SAFE_TEXT_MESSAGE,
    ]);
    expect(messages(CLAIM_TYPED_SCHEMAS.kind.safeParse({ kind: 'meteorite' }))).toEqual([
      CLAIM_MESSAGES.required.kind,
    ]);
    expect(messages(CLAIM_TYPED_SCHEMAS.circumstances.safeParse({ boxes: [18] }))).toEqual([
      CLAIM_MESSAGES.invalid.box,
    ]);
  });

  it('is said saved at the hour of Paris, as the portal’s other hours', () => {
    expect(CLAIM_MESSAGES.draft.savedAt('2026-11-23T13:32:00Z')).toBe(
      'Brouillon enregistré à 14:32',
    );
    expect(CLAIM_MESSAGES.draft.savedAt('2026-07-01T07:05:00Z')).toBe(
      'Brouillon enregistré à 09:05',
    );
  });
});
