// OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE point the API at an external provider. Here a
// second instance of the portal plays that provider on a loopback port: the API under test has
// no embedded provider, discovers the issuer's JWKS over HTTP and accepts only its tokens.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_SECURITY_MESSAGES, type ErrorBody } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { bearer, createTestApp, DEMO, signIn, subjectOf, type TestApp } from '../support/harness';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { signWithOtherKey } from '../support/tokens';

describe('an external identity provider', () => {
  let provider: TestApp;
  let listener: Server;
  let issuerUrl: string;
  let database: TestDatabase;
  let api: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    // The issuer's URL is part of the provider's configuration, so its port must be known before
    // the provider is built: the system picks a free one for a plain HTTP server, which then hands
    // every request to the provider's router. (A port drawn at random collided once in CI with
    // one the system had handed out elsewhere.)
    listener = createServer((request, response) => provider.app.routing(request, response));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    issuerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    provider = await createTestApp('pglite', {
      publicUrl: issuerUrl,
      oidc: { ...testConfig().oidc, issuer: `${issuerUrl}/oidc` },
    });
    database = await createTestDatabase('pglite');
    const external = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        OIDC_ISSUER: `${issuerUrl}/oidc`,
        OIDC_CLIENT_ID: 'espace-assure-spa',
        OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long',
        OIDC_AUDIENCE: 'urn:espace-assure:api',
      },
      { inMemoryDatabase: true, documentsDir: provider.config.documentsDir },
    );
    api = await buildApp(external, { database: database.handle, logger: false });
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
    await provider?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  it('does not start the embedded provider', async () => {
    expect((await api.inject('/oidc/.well-known/openid-configuration')).statusCode).toBe(404);
  });

  it("accepts the issuer's access tokens, found through its discovery document", async () => {
    const tokens = await signIn(provider.app, provider.config, DEMO.lea);
    const accountId = subjectOf(tokens.access_token);
    const response = await api.inject({
      url: `/api/v1/policy/accounts/${accountId}`,
      headers: bearer(tokens.access_token),
    });
    // Both instances are copies of the same demo data: the token is accepted and its subject
    // scopes the answer to the caller's one policy.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([{ state: 'Actif', paymentDetails: null }]);
  });

  it('refuses tokens the issuer did not sign', async () => {
    const forged = await signWithOtherKey({
      sub: 'someone',
      iss: `${issuerUrl}/oidc`,
      aud: 'urn:espace-assure:api',
    });
    const response = await api.inject({
      url: '/api/v1/policy/accounts/someone',
      headers: bearer(forged),
    });
    expect(response.statusCode).toBe(401);
  });

  it('leaves passwords and sign-in identities to that provider: 409, nothing changed', async () => {
    const tokens = await signIn(provider.app, provider.config, DEMO.lea);
    const accountId = subjectOf(tokens.access_token);
    const change = await api.inject({
      method: 'PUT',
      url: `/api/v1/authentication/accounts/${accountId}/password`,
      headers: bearer(tokens.access_token),
      payload: { oldPassword: DEMO.password, newPassword: 'Nouveau-Mot2passe' },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json<ErrorBody>().error.message).toBe(ACCOUNT_SECURITY_MESSAGES.externalProvider);
    const remove = await api.inject({
      method: 'DELETE',
      url: `/api/v1/account/accounts/${accountId}`,
      headers: bearer(tokens.access_token),
      payload: { password: DEMO.password },
    });
    expect(remove.statusCode).toBe(409);
  });

  it("lets the sign-in form's redirect reach the issuer, and the page's scripts only this origin", async () => {
    const csp = String((await api.inject('/healthz')).headers['content-security-policy']);
    // The SPA never calls the issuer (the server is its client, decision 0084).
    expect(csp).toContain(`connect-src 'self';`);
    expect(csp).toContain(`form-action 'self' ${issuerUrl}`);
  });
});
