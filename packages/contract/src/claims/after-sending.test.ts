import { describe, expect, it } from 'vitest';
import { claimNextSteps, recontactBy } from './after-sending';

const SENT = {
  reference: 'SIN-20261127-ABC234',
  brokerName: 'Courtage Horizon SAS',
  // 17:30 in Paris (UTC+1 in November).
  declaredAt: '2026-11-27T16:30:00.000Z',
};

describe('what happens after a claim is sent', () => {
  it('names the broker, who gets back within 48 h: by Sunday 17:30 for a Friday 17:30 claim', () => {
    expect(recontactBy(SENT.declaredAt)).toBe('2026-11-29T16:30:00.000Z');
    const [first, second, ...rest] = claimNextSteps({ ...SENT, kind: 'accident_third_party' });
    expect(first).toBe(
      'Courtage Horizon SAS, votre courtier, étudie votre déclaration et vous contacte sous 48\u00a0h, d’ici le 29.11.2026 à 17:30, pour la suite (expertise, réparation, pièces à fournir).',
    );
    expect(second).toContain('sous la référence SIN-20261127-ABC234');
    expect(second).toContain('«\u00a0Mes demandes\u00a0»');
    // The payment's delay is the contract's (L113-5), not one the portal makes up.
    expect(rest).toEqual([
      'Une fois le montant de l’indemnité fixé, l’assureur la verse dans le délai prévu par votre contrat (Code des assurances, article L113-5).',
    ]);
  });

  it('tells a broken-glass claim whether its contract covers glass', () => {
    const covered = claimNextSteps({ ...SENT, kind: 'broken_glass' });
    expect(covered[2]).toBe(
      'Vous êtes libre de choisir le professionnel qui réparera ou remplacera le vitrage.',
    );
    const uncovered = claimNextSteps({ ...SENT, kind: 'broken_glass', withoutGlassCover: true });
    expect(uncovered[2]).toBe(
      'Votre contrat ne comprend pas de garantie Bris de glace\u00a0: votre courtier vous dira si ce sinistre est pris en charge avant toute réparation.',
    );
    expect(claimNextSteps({ ...SENT, kind: 'theft', withoutGlassCover: true })).toHaveLength(3);
  });
});
