// The offline place search on the real list of communes shipped by
// @etalab/decoupage-administratif (read once for the whole file).
import { ADDRESS_SUGGESTIONS_MAX, addressSearchResponseSchema } from '@espace/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { communeIndex, OfflineAddressSearch } from './offline-search';

const offline = new OfflineAddressSearch();
const search = (query: string) => offline.search(query);
const labels = async (query: string) => (await search(query)).map((s) => s.label);

beforeAll(() => communeIndex(), 60_000);

describe('offline place search by postal code', () => {
  it('lists the Paris postal codes for "75", in order, each as a Paris address', async () => {
    const suggestions = await search('75');
    expect(suggestions.map((s) => s.postalCode)).toEqual([
      '75001',
      '75002',
      '75003',
      '75004',
      '75005',
      '75006',
      '75007',
      '75008',
      '75009',
      '75010',
    ]);
    expect(suggestions[0]).toEqual({
      label: 'Paris (75001)',
      postalCode: '75001',
      city: 'Paris',
      country: 'France',
      kind: 'municipality',
    });
  });

  it('finds Ajaccio (Corse-du-Sud, 2A) by 20000 and Bastia (Haute-Corse, 2B) by 20200', async () => {
    expect(await labels('20000')).toEqual(['Ajaccio (20000)']);
    expect((await labels('20200'))[0]).toBe('Bastia (20200)');
  });

  it('lists every commune of a shared postal code, the most populated first', async () => {
    expect(await labels('20200')).toEqual([
      'Bastia (20200)',
      'Ville-di-Pietrabugno (20200)',
      'San-Martino-di-Lota (20200)',
      'Santa-Maria-di-Lota (20200)',
    ]);
  });

  it('finds overseas communes: 97400 is Saint-Denis on La Réunion', async () => {
    expect(await labels('97400')).toEqual(['Saint-Denis (97400)']);
    expect(await labels('97 1')).toContain('Les Abymes (97139)');
    expect((await search('976')).every((s) => s.postalCode.startsWith('976'))).toBe(true);
    expect(await search('976')).not.toHaveLength(0);
  });

  it('puts the exact postal code before the longer codes it starts', async () => {
    const codes = (await search('6900')).map((s) => s.postalCode);
    expect(codes).toEqual([...codes].sort());
    expect(codes[0]).toBe('69001');
  });

  it('finds nothing for a postal code that does not exist', async () => {
    expect(await search('00000')).toEqual([]);
  });
});

describe('offline place search by commune name', () => {
  it('ignores accents, case, hyphens and apostrophes', async () => {
    const expected = await labels('Saint-Étienne');
    expect(expected[0]).toBe('Saint-Étienne (42000)');
    expect(await labels('saint etienne')).toEqual(expected);
    expect(await labels('SAINT ETIENNE')).toEqual(expected);
    expect(await labels('l’hay les roses')).toEqual(["L'Haÿ-les-Roses (94240)"]);
    expect(await labels("L'HAY")).toEqual(["L'Haÿ-les-Roses (94240)"]);
    expect(await labels('lhay')).toEqual(["L'Haÿ-les-Roses (94240)"]);
  });

  it('takes "st" for "saint" and "ste" for "sainte"', async () => {
    expect(await labels('st etienne')).toEqual(await labels('saint-étienne'));
    expect(await labels('st-denis')).toEqual(await labels('saint denis'));
    expect(await labels('ste maxime')).toEqual(['Sainte-Maxime (83120)']);
  });

  it('still finds names that begin with "st" or "ste" as letters', async () => {
    expect(await labels('stenay')).toEqual(['Stenay (55700)']);
    expect(await labels('ste')).toContain('Sainte-Maxime (83120)');
    expect((await labels('st')).length).toBe(ADDRESS_SUGGESTIONS_MAX);
  });

  it('puts the exact name first, then names it starts, the most populated first', async () => {
    const found = await labels('lyon');
    expect(found.slice(0, 9)).toEqual([
      'Lyon (69001)',
      'Lyon (69002)',
      'Lyon (69003)',
      'Lyon (69004)',
      'Lyon (69005)',
      'Lyon (69006)',
      'Lyon (69007)',
      'Lyon (69008)',
      'Lyon (69009)',
    ]);
    expect(found[9]).toBe('Lyons-la-Forêt (27480)');
    const saintDenis = await search('saint denis');
    expect(saintDenis.slice(0, 6).map((s) => s.postalCode)).toEqual([
      '97400',
      '97417',
      '97490',
      '93200',
      '93210',
      '93380',
    ]);
  });

  it('finds a commune by a later word of its name', async () => {
    expect(await labels('pietrabugno')).toEqual(['Ville-di-Pietrabugno (20200)']);
  });

  it('finds an arrondissement of Paris, Lyon or Marseille, addressed to its city', async () => {
    expect(await search('paris 15')).toEqual([
      {
        label: 'Paris 15e Arrondissement (75015)',
        postalCode: '75015',
        city: 'Paris',
        country: 'France',
        kind: 'municipality',
      },
    ]);
    expect(await labels('marseille 8e')).toEqual(['Marseille 8e Arrondissement (13008)']);
  });

  it('narrows a name by the postal code typed with it', async () => {
    expect(await labels('75011 paris')).toEqual(['Paris (75011)']);
    expect(await labels('saint denis 93')).toEqual([
      'Saint-Denis (93200)',
      'Saint-Denis (93210)',
      'Saint-Denis (93380)',
      "L'Île-Saint-Denis (93450)",
    ]);
  });

  it('answers at most ten suggestions in the shape of the contract, none for nonsense', async () => {
    const many = await search('la');
    expect(many).toHaveLength(ADDRESS_SUGGESTIONS_MAX);
    expect(addressSearchResponseSchema.parse({ suggestions: many })).toBeTruthy();
    expect(await search('zzqx')).toEqual([]);
    expect(await search('12 rue de la Paix')).toEqual([]);
  });
});

describe('offline place search speed', () => {
  it('answers any query in well under 20 ms (figures printed, not asserted)', async () => {
    const queries = ['75', '2', '20200', 'sa', 'la', 'st', 'saint', 'paris', 'l’hay', 'zz'];
    let slowest = { query: '', ms: 0 };
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const query of queries) {
        const start = performance.now();
        const found = await search(query);
        const ms = performance.now() - start;
        expect(found.length > 0).toBe(query !== 'zz');
        times.push(ms);
        if (ms > slowest.ms) slowest = { query, ms };
      }
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.floor(times.length * share)]!.toFixed(3);
    console.info(
      `offline place search: ${times.length} queries, median ${at(0.5)} ms, ` +
        `95th percentile ${at(0.95)} ms, slowest ${slowest.ms.toFixed(3)} ms ('${slowest.query}')`,
    );
  });
});
