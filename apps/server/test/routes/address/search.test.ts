// GET /api/v1/address/search (docs/decisions/0017-offline-addresses.md): the place search of /changeAddress,
// from the shipped list of communes, or through the national address service when
// ADDRESS_SEARCH_URL is set. The search touches no table, so it runs on PGlite only.
import {
  ADDRESS_MESSAGES,
  addressSearchResponseSchema,
  errorBodySchema,
  type AddressSearchResponse,
} from '@espace/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTest } from '../../support/api-test';
import { ConfigError, loadConfig } from '../../../src/config/config';
import { startAddressServiceStandIn } from '../../support/address-service-stand-in';
import { bearer, type TestApp } from '../../support/harness';

const SEARCH = ADDRESS_MESSAGES.search;

async function searchAs(t: TestApp, token: string | undefined, query: Record<string, string>) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/address/search?${new URLSearchParams(query)}`,
    headers: token ? bearer(token) : {},
  });
  return response;
}

/** GET /api/v1/address/search-mode (docs/decisions/0044-address-truthfulness-and-complement.md). */
const searchModeAs = (t: TestApp, token: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/address/search-mode',
    headers: token ? bearer(token) : {},
  });

const suggestionsOf = (body: unknown) =>
  addressSearchResponseSchema.parse(body).suggestions.map((s) => s.label);

describe('address search API on the list of communes', () => {
  const it = apiTest;

  it('requires authentication', async ({ t }) => {
    const response = await searchAs(t, undefined, { q: '75' });
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('unauthorized');
    expect((await searchAs(t, 'not-a-token', { q: '75' })).statusCode).toBe(401);
  });

  it.for<[string, Record<string, string>, string]>([
    ['without q', {}, SEARCH.tooShort(2)],
    ['with one character', { q: ' 7 ' }, SEARCH.tooShort(2)],
    ['with more than 100 characters', { q: 'a'.repeat(101) }, SEARCH.tooLong(100)],
  ])('answers 400 with a French message %s', async ([_, query, message], { t, lea: { token } }) => {
    const response = await searchAs(t, token, query);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).error).toEqual({
      code: 'validation_error',
      message: 'Certaines données envoyées ne sont pas valides.',
      fields: { q: message },
    });
  });

  it('says it finds communes only, not streets, to a signed-in customer', async ({
    t,
    lea: { token },
  }) => {
    expect((await searchModeAs(t, undefined)).statusCode).toBe(401);
    const response = await searchModeAs(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ streets: false });
  });

  it('finds the communes of a postal code, as addresses in France', async ({
    t,
    lea: { token },
  }) => {
    const response = await searchAs(t, token, { q: '20000' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<AddressSearchResponse>()).toEqual({
      suggestions: [
        {
          label: 'Ajaccio (20000)',
          postalCode: '20000',
          city: 'Ajaccio',
          country: 'France',
          kind: 'municipality',
        },
      ],
    });
  });

  it('finds a commune typed without accents, most populated first', async ({
    t,
    lea: { token },
  }) => {
    const labels = suggestionsOf((await searchAs(t, token, { q: 'st etienne' })).json());
    expect(labels.slice(0, 4)).toEqual([
      'Saint-Étienne (42000)',
      'Saint-Étienne (42100)',
      'Saint-Étienne (42230)',
      'Saint-Étienne-du-Rouvray (76800)',
    ]);
    expect(labels).toHaveLength(10);
  });
});

// The stand-in replaces the Géoplateforme geocoding service, which is outside the product; it
// listens before the app the describe below configures with its address.
const standIn = await startAddressServiceStandIn();

describe('address search API through the national address service', () => {
  const it = apiTest.override({ appConfig: { addressSearchUrl: standIn.url } });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.behaviour = 'geocodejson';
    standIn.requests.length = 0;
  });

  it('says it finds streets too', async ({ t, camille: { token } }) => {
    const response = await searchModeAs(t, token);
    expect(response.json()).toEqual({ streets: true });
    expect(standIn.requests).toHaveLength(0);
  });

  it('answers street-level suggestions of the service', async ({ t, camille: { token } }) => {
    const response = await searchAs(t, token, { q: '8 bd du port amiens' });
    expect(response.statusCode).toBe(200);
    expect(standIn.requests.map((url) => url.searchParams.get('q'))).toEqual([
      '8 bd du port amiens',
    ]);
    const { suggestions } = addressSearchResponseSchema.parse(response.json());
    expect(suggestions[0]).toEqual({
      label: '8 Boulevard du Port 80000 Amiens',
      streetNumber: '8',
      street: 'Boulevard du Port',
      postalCode: '80000',
      city: 'Amiens',
      country: 'France',
      kind: 'housenumber',
    });
    expect(suggestions.map((s) => s.kind)).toEqual([
      'housenumber',
      'street',
      'street',
      'municipality',
    ]);
  });

  it.for([
    ['answers 500', 'server-error'],
    ['never answers (time-out)', 'silent'],
  ] as const)(
    'falls back to the list of communes when the service %s',
    async ([, behaviour], { t, camille: { token } }) => {
      standIn.behaviour = behaviour;
      const started = Date.now();
      const response = await searchAs(t, token, { q: 'bastia' });
      expect(response.statusCode).toBe(200);
      expect(suggestionsOf(response.json())).toEqual(['Bastia (20200)', 'Bastia (20600)']);
      expect(standIn.requests).toHaveLength(1);
      // The customer waits at most the time-out (1.5 s), not for the silent service.
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  );

  it('never follows a redirect of the service to another host', async ({
    t,
    camille: { token },
  }) => {
    const elsewhere = await startAddressServiceStandIn();
    try {
      standIn.behaviour = 'redirect';
      standIn.redirectTo = `${elsewhere.url}?stolen=1`;
      const response = await searchAs(t, token, { q: 'bastia' });
      expect(response.statusCode).toBe(200);
      expect(suggestionsOf(response.json())).toEqual(['Bastia (20200)', 'Bastia (20600)']);
      expect(standIn.requests).toHaveLength(1);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('asks the service once for the same search repeated, and limits a customer to 60 a minute', async ({
    t,
    camille: { token },
    jean: { token: jean },
  }) => {
    const answers = [];
    for (let i = 0; i < 60; i++)
      answers.push(await searchAs(t, jean, { q: ' 12 Rue de la Paix  Paris' }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(standIn.requests).toHaveLength(1);
    const refused = await searchAs(t, jean, { q: 'autre recherche' });
    expect(refused.statusCode).toBe(429);
    expect(errorBodySchema.parse(refused.json()).error).toEqual({
      code: 'rate_limited',
      message: 'Trop de requêtes. Veuillez réessayer dans quelques instants.',
    });
    expect(standIn.requests).toHaveLength(1);
    // Another customer is not held back by this one.
    expect((await searchAs(t, token, { q: 'autre recherche' })).statusCode).toBe(200);
  });
});

describe('ADDRESS_SEARCH_URL', () => {
  it('is off by default and must be an http(s) address', () => {
    expect(loadConfig({}).addressSearchUrl).toBeUndefined();
    const url = 'https://data.geopf.fr/geocodage/search';
    expect(loadConfig({ ADDRESS_SEARCH_URL: url }).addressSearchUrl).toBe(url);
    expect(() => loadConfig({ ADDRESS_SEARCH_URL: 'data.geopf.fr' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADDRESS_SEARCH_URL: 'ftp://data.geopf.fr/search' })).toThrow(
      /ADDRESS_SEARCH_URL/,
    );
  });
});
