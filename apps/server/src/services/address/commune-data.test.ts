import { describe, expect, it } from 'vitest';
import { placesFromList } from './commune-data';

// Entries in the shape of @etalab/decoupage-administratif's communes.json.
const sample = [
  {
    code: '69123',
    nom: 'Lyon',
    type: 'commune-actuelle',
    codesPostaux: ['69001', '69003'],
    population: 520774,
  },
  {
    code: '69383',
    nom: 'Lyon 3e Arrondissement',
    type: 'arrondissement-municipal',
    commune: '69123',
    codesPostaux: ['69003'],
    population: 105274,
  },
  { code: '01015', nom: 'Arbignieu', type: 'commune-deleguee', chefLieu: '01015' },
  {
    code: '55039',
    nom: 'Beaumont-en-Verdunois',
    type: 'commune-actuelle',
    codesPostaux: ['55100'],
  },
  { code: '98412', nom: 'Archipel des Kerguelen', type: 'commune-actuelle' },
  { nom: 'sans code' },
];

describe('placesFromList', () => {
  it('keeps current communes with postal codes and the arrondissements, under their city', () => {
    expect(placesFromList(sample)).toEqual([
      {
        name: 'Lyon',
        city: 'Lyon',
        postalCodes: ['69001', '69003'],
        population: 520774,
        arrondissement: false,
      },
      {
        name: 'Lyon 3e Arrondissement',
        city: 'Lyon',
        postalCodes: ['69003'],
        population: 105274,
        arrondissement: true,
      },
      {
        name: 'Beaumont-en-Verdunois',
        city: 'Beaumont-en-Verdunois',
        postalCodes: ['55100'],
        population: 0,
        arrondissement: false,
      },
    ]);
  });

  it('refuses something that is not a list', () => {
    expect(() => placesFromList({ communes: [] })).toThrow('Liste des communes illisible');
  });
});
