import { describe, expect, it } from 'vitest';
import { nameKeys, placeKey, querySearchKeys } from './place-key';

describe('place keys', () => {
  it('gives one key to the ways a commune name is written', () => {
    const key = placeKey('L’Haÿ-les-Roses');
    for (const written of ["l'hay les roses", 'LHAY-LES-ROSES', 'L Haÿ les Roses']) {
      expect(placeKey(written)).toBe(key);
    }
    expect(placeKey('St-Étienne')).toBe(placeKey('SAINT ETIENNE'));
    expect(placeKey('Ste Maxime')).toBe(placeKey('Sainte-Maxime'));
    expect(placeKey('Œuilly')).toBe(placeKey('oeuilly'));
  });

  it('keeps word boundaries in search keys, so "sainte" does not start "Saint-Étienne"', () => {
    expect(nameKeys('Saint-Étienne-du-Rouvray')).toEqual({
      search: 'saint etienne du rouvray',
      inner: ['etienne du rouvray', 'du rouvray', 'rouvray'],
      squeezed: 'saintetiennedurouvray',
    });
    expect(nameKeys('Saint-Étienne').search.startsWith(querySearchKeys('sainte')[0]!)).toBe(false);
  });

  it('tries a last "st" or "ste" both as an abbreviation and as the start of a word', () => {
    expect(querySearchKeys('st')).toEqual(['saint', 'st']);
    expect(querySearchKeys('St-Jean ste')).toEqual(['saint jean sainte', 'saint jean ste']);
    expect(querySearchKeys('st jean')).toEqual(['saint jean']);
    expect(querySearchKeys(' - ')).toEqual([]);
  });
});
