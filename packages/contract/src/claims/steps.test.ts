import { describe, expect, it } from 'vitest';
import { claimCompletenessIssues } from './draft';
import { claimSteps } from './kinds';
import { CLAIM_MESSAGES } from './messages';
import {
  claimCircumstancesStepSchema,
  claimDriverStepSchema,
  claimWhenStepSchema,
  type ClaimStepAnswers,
} from './steps';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the steps of a claim', () => {
  it('asks a theft for its complaint and no driver, an accident with a third party for its constat', () => {
    expect(claimSteps('theft')).toContain('theft');
    expect(claimSteps('theft')).not.toContain('driver');
    expect(claimSteps('accident_third_party')).toEqual([
      'kind',
      'when',
      'circumstances',
      'parties',
      'injuries',
      'driver',
      'vehicle',
      'photos',
      'constat',
      'summary',
    ]);
  });

  it('reads a French date, refuses a future one and a discovery before the event', () => {
    const ok = claimWhenStepSchema.parse({
      occurredOn: '20.11.2026',
      occurredAt: '08:30',
      place: { label: ' Rue de Rivoli, Paris ' },
    });
    expect(ok.occurredOn).toBe('2026-11-20');
    expect(ok.place.label).toBe('Rue de Rivoli, Paris');
    expect(
      messages(
        claimWhenStepSchema.safeParse({
          occurredOn: '2999-01-01',
          occurredAt: '25:00',
          place: { label: '' },
        }),
      ),
    ).toEqual([
      'La date ne peut pas être dans le futur',
      'L’heure doit être au format hh:mm',
      'Le lieu du sinistre est obligatoire',
    ]);
    expect(
      messages(
        claimWhenStepSchema.safeParse({
          occurredOn: '2026-11-20',
          learntOn: '2026-11-19',
          occurredAt: '08:30',
          place: { label: 'Paris' },
        }),
      ),
    ).toEqual(['Vous ne pouvez pas avoir appris le sinistre avant qu’il ait lieu']);
  });

  it('keeps a position rounded to about 11 m, both coordinates or none, in range', () => {
    const when = (place: object) => ({ occurredOn: '2026-11-20', occurredAt: '08:30', place });
    const ok = claimWhenStepSchema.parse(
      when({ label: 'Position', source: 'position', latitude: 48.856613, longitude: 2.352222 }),
    );
    expect(ok.place).toEqual({
      label: 'Position',
      source: 'position',
      latitude: 48.8566,
      longitude: 2.3522,
    });
    expect(claimWhenStepSchema.parse(when({ label: 'Paris' })).place.source).toBe('typed');
    const coordinates = CLAIM_MESSAGES.invalid.coordinates;
    for (const place of [
      { label: 'x', latitude: 48.8 },
      { label: 'x', latitude: 91, longitude: 2 },
      { label: 'x', latitude: 48, longitude: -181 },
      { label: 'x', latitude: '48', longitude: 2 },
      { label: 'x', source: 'position' },
    ]) {
      expect(messages(claimWhenStepSchema.safeParse(when(place))), JSON.stringify(place)).toEqual([
        coordinates,
      ]);
    }
    expect(
      messages(claimWhenStepSchema.safeParse(when({ label: 'x', source: 'satellite' }))),
    ).toEqual([CLAIM_MESSAGES.invalid.placeSource]);
  });

  it('keeps the constat boxes 1 to 17, once each, in order', () => {
    expect(
      claimCircumstancesStepSchema.parse({ boxes: [10, 1, 10], description: 'x' }).boxes,
    ).toEqual([1, 10]);
    expect(
      messages(claimCircumstancesStepSchema.safeParse({ boxes: [18], description: '' })),
    ).toEqual(['Case du constat inconnue', 'Décrivez ce qui s’est passé']);
  });

  it('names a driver of the contract or someone else', () => {
    expect(messages(claimDriverStepSchema.safeParse({ driver: 'other', firstName: '' }))).toEqual([
      'Le prénom du conducteur est obligatoire',
      'Le nom du conducteur est obligatoire',
    ]);
    expect(messages(claimDriverStepSchema.safeParse({}))).toEqual(['Choisissez le conducteur']);
  });

  it('says what a draft lacks before it is sent', () => {
    expect(claimCompletenessIssues({}, [])).toEqual({ kind: 'Choisissez le type de sinistre' });
    const answers: Partial<ClaimStepAnswers> = {
      kind: { kind: 'accident_third_party' },
      parties: { thirdParty: null, witnesses: [] },
      constat: { eConstatReference: '' },
    };
    expect(claimCompletenessIssues(answers, [])).toEqual({
      when: 'Cette étape n’est pas encore remplie',
      circumstances: 'Cette étape n’est pas encore remplie',
      injuries: 'Cette étape n’est pas encore remplie',
      driver: 'Cette étape n’est pas encore remplie',
      vehicle: 'Cette étape n’est pas encore remplie',
      'thirdParty.name': 'Le nom du tiers est obligatoire',
      constat:
        'Joignez le constat amiable (PDF ou photos) ou indiquez la référence de votre e-constat',
    });
    expect(claimCompletenessIssues(answers, [{ role: 'constat' }])).not.toHaveProperty('constat');
  });
});
