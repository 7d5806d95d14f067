import { describe, expect, it } from 'vitest';
import { normaliseAddressPart, sameAddress } from './address-match';

describe('address comparison (docs/product/addresses.md)', () => {
  it('ignores case, accents, punctuation and extra spaces', () => {
    expect(normaliseAddressPart('  5, Avenue  Jean-Jaurès ')).toBe('5 avenue jean jaures');
    expect(
      sameAddress(
        { street: '5 avenue Jean Jaurès', zip: '33000', city: 'Bordeaux' },
        { street: '5 AVENUE JEAN JAURES', zip: ' 33000', city: 'BORDEAUX' },
      ),
    ).toBe(true);
  });

  it('tells apart two numbers of the same street and two postal codes of a city', () => {
    const lilas = { street: '18 rue des Lilas', zip: '69003', city: 'Lyon' };
    expect(sameAddress(lilas, { ...lilas, street: '19 rue des Lilas' })).toBe(false);
    expect(sameAddress(lilas, { ...lilas, zip: '69006' })).toBe(false);
    expect(sameAddress(lilas, { ...lilas, city: 'Lyon 3e Arrondissement' })).toBe(false);
  });
});
