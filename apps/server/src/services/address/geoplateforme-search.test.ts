// The national-service provider against a stand-in of the service on 127.0.0.1 (the real
// Géoplateforme sits outside the product), with a recording fall-back and logger.
import type { AddressSuggestion } from '@espace/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startAddressServiceStandIn,
  type AddressServiceStandIn,
} from '../../../test/support/address-service-stand-in';
import type { AddressSearch } from './address-search';
import { GeoplateformeAddressSearch } from './geoplateforme-search';

const OFFLINE_ANSWER: AddressSuggestion[] = [
  {
    label: 'Amiens (80000)',
    postalCode: '80000',
    city: 'Amiens',
    country: 'France',
    kind: 'municipality',
  },
];

describe('GeoplateformeAddressSearch', () => {
  let standIn: AddressServiceStandIn;
  let warnings: { details: Record<string, unknown>; message: string }[];
  let offlineQueries: string[];
  let provider: GeoplateformeAddressSearch;

  beforeAll(async () => {
    standIn = await startAddressServiceStandIn();
  });
  afterAll(() => standIn.close());

  beforeEach(() => {
    standIn.behaviour = 'geocodejson';
    standIn.requests.length = 0;
    warnings = [];
    offlineQueries = [];
    const offline: AddressSearch = {
      streets: false,
      search: async (query) => {
        offlineQueries.push(query);
        return OFFLINE_ANSWER;
      },
    };
    provider = new GeoplateformeAddressSearch({
      url: standIn.url,
      fallback: offline,
      log: { warn: (details, message) => warnings.push({ details, message }) },
      timeoutMs: 300,
    });
  });

  it('asks the service for ten addresses and maps its GeocodeJSON features', async () => {
    const suggestions = await provider.search('8 bd du port amiens');
    const [request] = standIn.requests;
    expect(request?.searchParams.get('q')).toBe('8 bd du port amiens');
    expect(request?.searchParams.get('limit')).toBe('10');
    expect(request?.searchParams.get('index')).toBe('address');
    expect(suggestions).toEqual([
      {
        label: '8 Boulevard du Port 80000 Amiens',
        streetNumber: '8',
        street: 'Boulevard du Port',
        postalCode: '80000',
        city: 'Amiens',
        country: 'France',
        kind: 'housenumber',
      },
      {
        label: 'Boulevard du Port 80000 Amiens',
        street: 'Boulevard du Port',
        postalCode: '80000',
        city: 'Amiens',
        country: 'France',
        kind: 'street',
      },
      {
        label: "Le Port d'Amont 80000 Amiens",
        street: "Le Port d'Amont",
        postalCode: '80000',
        city: 'Amiens',
        country: 'France',
        kind: 'street',
      },
      {
        label: 'Amiens',
        postalCode: '80000',
        city: 'Amiens',
        country: 'France',
        kind: 'municipality',
      },
    ]);
    expect(offlineQueries).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['answers 500', 'server-error', 'HTTP 500'],
    ['answers something that is not GeocodeJSON', 'malformed', 'SyntaxError'],
    ['does not answer in time', 'silent', 'TimeoutError'],
  ] as const)(
    'falls back to the offline list when the service %s, with a warning',
    async (_, behaviour, reason) => {
      standIn.behaviour = behaviour;
      expect(await provider.search('amiens port')).toEqual(OFFLINE_ANSWER);
      expect(offlineQueries).toEqual(['amiens port']);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.details.reason).toContain(reason);
      // The customer's query is personal data: it is not logged.
      expect(JSON.stringify(warnings)).not.toContain('amiens');
    },
  );

  it('falls back when the service cannot be reached at all', async () => {
    const unreachable = new GeoplateformeAddressSearch({
      url: 'http://127.0.0.1:9/geocodage/search',
      fallback: { streets: false, search: async () => OFFLINE_ANSWER },
      log: { warn: (details, message) => warnings.push({ details, message }) },
    });
    expect(await unreachable.search('amiens')).toEqual(OFFLINE_ANSWER);
    expect(warnings).toHaveLength(1);
  });

  it('sends queries shorter than the service accepts to the offline list directly', async () => {
    expect(await provider.search('80')).toEqual(OFFLINE_ANSWER);
    expect(standIn.requests).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
