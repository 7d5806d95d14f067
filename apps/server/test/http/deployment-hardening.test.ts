// Deployment traps and leaks: an https PUBLIC_URL without TRUST_PROXY is refused at
// start; every response, the provider's pages included, carries a Permissions-Policy; cookies
// are Secure when the portal is served over https; the OpenAPI viewer is off in production
// unless API_DOCS=true; the provider's failures are logged with the request id; IBANs and emails in a URL never reach the log; after the SPA's sign-out
// (refresh token revoked) that refresh token is refused.
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { PERMISSIONS_POLICY } from '../../src/plugins/security-headers';
import { redactUrl } from '../../src/platform/redaction/redaction';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { createTestApp } from '../support/harness';

describe('configuration', () => {
  it('refuses an https PUBLIC_URL without TRUST_PROXY, with a clear message', () => {
    const env = { PUBLIC_URL: 'https://espace.example.fr' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/TRUST_PROXY=true/);
    expect(loadConfig({ ...env, TRUST_PROXY: 'true' }).publicUrl).toBe('https://espace.example.fr');
  });

  it('turns the OpenAPI viewer off in production unless API_DOCS=true', () => {
    const production = {
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
  });
});

describe('log redaction', () => {
  it('hides IBANs and emails of the path and the query', () => {
    const iban = 'FR7630006000011234567890189';
    expect(redactUrl(`/api/v1/policy/accounts/a1/iban/${iban}`)).toBe(
      '/api/v1/policy/accounts/a1/iban/[caché]',
    );
    expect(redactUrl('/api/v1/address/search?q=8%20rue%20des%20Lilas')).toBe(
      '/api/v1/address/search?q=[caché]',
    );
    expect(redactUrl('/x/camille.martin%40example.fr/y?email=a@b.fr&page=1')).toBe(
      '/x/[caché]/y?email=[caché]&page=1',
    );
  });
});

describe.each(BACKENDS)('deployment on %s', (backend) => {
  const it = apiTest.override({
    backend,
    appConfig: { publicUrl: 'https://espace.example.fr', trustProxy: true },
  });

  it('sends a Permissions-Policy with the API’s answers and the provider’s pages', async ({
    t,
  }) => {
    for (const url of [
      '/healthz',
      '/api/v1/content/faq',
      '/oidc/.well-known/openid-configuration',
    ]) {
      const response = await t.app.inject(url);
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    // Only the portal itself, for a claim's place (docs/product/claims.md).
    expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
    expect(PERMISSIONS_POLICY).not.toContain('geolocation=()');
  });

  it('sets Secure cookies when PUBLIC_URL is https', async ({ t }) => {
    const auth = await t.app.inject({
      url: `/oidc/auth?${new URLSearchParams({
        client_id: t.config.oidc.clientId,
        redirect_uri: 'https://espace.example.fr/auth/callback',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(auth.cookies.length).toBeGreaterThan(0);
    for (const cookie of auth.cookies) expect(cookie, cookie.name).toMatchObject({ secure: true });
  });

  it('logs the identity provider’s failures with the request id', async () => {
    // The configuration the start now refuses (https without TRUST_PROXY), built directly: the
    // provider cannot set its Secure cookies over what it sees as http and fails. That failure
    // used to reach no log at all.
    const misconfigured = await createTestApp(backend, {
      publicUrl: 'https://espace.example.fr',
      trustProxy: false,
    });
    try {
      const logged = vi.spyOn(misconfigured.app.log, 'error');
      const auth = await misconfigured.app.inject({
        url: `/oidc/auth?${new URLSearchParams({
          client_id: misconfigured.config.oidc.clientId,
          redirect_uri: 'https://espace.example.fr/auth/callback',
          response_type: 'code',
          scope: 'openid',
          code_challenge: 'x'.repeat(43),
          code_challenge_method: 'S256',
        })}`,
        headers: { 'x-request-id': 'req-provider-failure' },
      });
      expect(auth.statusCode).toBe(500);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ reqId: 'req-provider-failure', err: expect.any(Error) }),
        'identity provider error',
      );
    } finally {
      await misconfigured.close();
    }
  });

  // One override per describe (it sets the describe's fixtures): these on an app of their own.
  describe('with the OpenAPI viewer off, as in production', () => {
    const it = apiTest.override({ backend, appConfig: { apiDocs: false } });

    it('serves no OpenAPI viewer or document when API_DOCS is off', async ({ t: production }) => {
      expect((await production.app.inject('/api/docs')).statusCode).toBe(404);
      expect((await production.app.inject('/api/docs/json')).statusCode).toBe(404);
    });

    it('refuses the refresh token the SPA revoked at sign-out', async ({
      t: production,
      lea: { tokens },
    }) => {
      const form = (body: Record<string, string>) => ({
        method: 'POST' as const,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: production.config.oidc.clientId,
          ...body,
        }).toString(),
      });
      const revoked = await production.app.inject({
        url: '/oidc/token/revocation',
        ...form({ token: tokens.refresh_token!, token_type_hint: 'refresh_token' }),
      });
      expect(revoked.statusCode).toBe(200);
      const refresh = await production.app.inject({
        url: '/oidc/token',
        ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }),
      });
      expect(refresh.statusCode).toBe(400);
      expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    });
  });
});
