import { describe, expect, it } from 'vitest';
import { API_ROUTES, apiPath } from './api-paths';

describe('apiPath', () => {
  it('fills every parameter of a route, URL-encoded', () => {
    expect(apiPath(API_ROUTES.driver, { accountId: 'a/b', policyNumber: 'AU 1' })).toBe(
      '/policy/accounts/a%2Fb/AU%201/driver',
    );
    expect(apiPath(API_ROUTES.consent, { accountId: 'x', consent: false })).toBe(
      '/consent/accounts/x/false',
    );
  });

  it('leaves a route without parameters as it is', () => {
    expect(apiPath(API_ROUTES.faq)).toBe('/content/faq');
  });

  it('refuses a template whose parameter is missing at run time', () => {
    expect(() => apiPath(API_ROUTES.account, {} as { accountId: string })).toThrow(':accountId');
  });
});
