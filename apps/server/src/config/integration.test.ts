// The integration API's variables under their names, and under the names an operator's
// environment may still carry from before decision 0095 (BACKOFFICE_*).
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the integration API settings', () => {
  it('are read under their INTEGRATION_* names', () => {
    const { integration } = loadConfig({
      INTEGRATION_AUDIENCE: 'urn:courtier:api',
      INTEGRATION_ISSUER: 'https://idp.courtier.test/',
      INTEGRATION_JWKS_URL: 'https://idp.courtier.test/jwks',
    });
    expect(integration).toMatchObject({
      audience: 'urn:courtier:api',
      issuer: 'https://idp.courtier.test',
      jwksUrl: 'https://idp.courtier.test/jwks',
    });
  });

  it('are still read under their former BACKOFFICE_* names, the new name winning', () => {
    const { integration } = loadConfig({
      BACKOFFICE_AUDIENCE: 'urn:ancien',
      BACKOFFICE_ISSUER: 'https://idp.courtier.test',
      BACKOFFICE_JWKS_URL: 'https://idp.courtier.test/jwks',
      INTEGRATION_AUDIENCE: 'urn:nouveau',
    });
    expect(integration).toMatchObject({
      audience: 'urn:nouveau',
      issuer: 'https://idp.courtier.test',
      jwksUrl: 'https://idp.courtier.test/jwks',
    });
  });

  it('keep by default the audience the integrators’ tokens were issued for', () => {
    expect(loadConfig({}).integration.audience).toBe('urn:espace-assure:backoffice');
  });

  it('refuse an issuer without its keys, in French, under the new name', () => {
    expect(() => loadConfig({ BACKOFFICE_ISSUER: 'https://idp.courtier.test' })).toThrow(
      /INTEGRATION_ISSUER: seulement avec INTEGRATION_JWKS_URL/,
    );
  });
});
