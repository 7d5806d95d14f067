// Who may call /backoffice/v1 (docs/integration.md): integration clients with the client
// credentials of the embedded provider, by scope; never a customer's token, and an integration
// token never opens /api/v1.
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  BO,
  call,
  customerRecord,
  integrationToken,
  requestToken,
} from '../../support/integration';
import { DEMO, signIn } from '../../support/harness';
import { signWithOtherKey, signWithProviderKey } from '../../support/tokens';
import {
  revokeIntegrationClient,
  rotateIntegrationClientSecret,
} from '../../../src/services/integration/clients';

describe.each(BACKENDS)('integration API authentication (%s)', (backend) => {
  const it = apiTest.override({ backend });

  it('requires authentication', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: `${BO}/customers/CLI-00100231` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('gives a client its token for the integration API, and reads with it', async ({ t }) => {
    const { token } = await integrationToken(t.app);
    const response = await call(t.app, token, 'GET', '/customers/CLI-00100231');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: DEMO.camille, version: 1 });
    expect(response.headers.etag).toBe('"1"');
  });

  it('refuses a wrong secret and a revoked client at the token endpoint', async ({ t }) => {
    const { clientId, secret } = await integrationToken(t.app);
    const wrong = await requestToken(t.app, clientId, `${secret}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    await revokeIntegrationClient(t.app.db, clientId);
    expect((await requestToken(t.app, clientId, secret)).statusCode).toBe(401);
  });

  it('refuses a revoked client’s token at once, to read and to write', async ({ t }) => {
    const { token, clientId } = await integrationToken(t.app);
    const put = () => call(t.app, token, 'PUT', '/customers/CLI-REVOQUE-1', customerRecord());
    expect((await call(t.app, token, 'GET', '/customers/CLI-00100231')).statusCode).toBe(200);
    expect((await put()).statusCode).toBe(201);
    expect(await revokeIntegrationClient(t.app.db, clientId)).toBe(true);
    const read = await call(t.app, token, 'GET', '/customers/CLI-00100231');
    expect(read.statusCode).toBe(401);
    expect(read.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await put()).statusCode).toBe(401);
  });

  it('refuses the tokens of a secret rotated away at once; the new secret gets working ones', async ({
    t,
  }) => {
    const { token, clientId, secret } = await integrationToken(t.app);
    expect((await call(t.app, token, 'GET', '/customers/CLI-00100231')).statusCode).toBe(200);
    const rotated = await rotateIntegrationClientSecret(t.app.db, clientId);
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call(t.app, token, 'GET', '/customers/CLI-00100231')).statusCode).toBe(401);
    expect((await requestToken(t.app, clientId, secret)).statusCode).toBe(401);
    const fresh = await requestToken(t.app, clientId, rotated!, { scope: 'backoffice:read' });
    expect(fresh.statusCode).toBe(200);
    const freshToken = fresh.json<{ access_token: string }>().access_token;
    expect((await call(t.app, freshToken, 'GET', '/customers/CLI-00100231')).statusCode).toBe(200);
    expect(await rotateIntegrationClientSecret(t.app.db, 'inconnu-00000000')).toBeUndefined();
  });

  it('refuses a provider-signed token that names no current secret of its client', async ({
    t,
  }) => {
    const { clientId } = await integrationToken(t.app);
    const claims = {
      sub: clientId,
      client_id: clientId,
      iss: t.config.oidc.issuer,
      aud: t.config.integration.audience,
      scope: 'backoffice:read backoffice:write',
    };
    for (const extra of [{}, { secret_id: '0123456789abcdef' }]) {
      const token = await signWithProviderKey(t.app.db, { ...claims, ...extra });
      expect((await call(t.app, token, 'GET', '/customers/CLI-00100231')).statusCode).toBe(401);
    }
  });

  it('stores only the SHA-256 of a secret', async ({ t }) => {
    const { clientId, secret } = await integrationToken(t.app);
    const row = await t.app.db
      .selectFrom('integration_clients')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secret_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps each scope to its operations', async ({ t }) => {
    const reader = await integrationToken(t.app, ['backoffice:read']);
    const writer = await integrationToken(t.app, ['backoffice:write']);
    const put = await call(t.app, reader.token, 'PUT', '/customers/X-1', {});
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toMatch(/n’a pas le droit/);
    expect((await call(t.app, writer.token, 'GET', '/customers/CLI-00100231')).statusCode).toBe(
      403,
    );
    expect((await call(t.app, reader.token, 'GET', '/customers/CLI-00100231')).statusCode).toBe(
      200,
    );
  });

  it('does not give a client a scope it does not hold, nor the customer API', async ({ t }) => {
    const { clientId, secret } = await integrationToken(t.app, ['backoffice:read']);
    const more = await requestToken(t.app, clientId, secret, { scope: 'backoffice:write' });
    const scope = more.statusCode === 200 ? more.json<{ scope?: string }>().scope : undefined;
    expect(scope ?? '').not.toContain('backoffice:write');
    const api = await requestToken(t.app, clientId, secret, {
      resource: t.config.oidc.audience,
    });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('refuses a customer’s token on /backoffice/v1', async ({ t }) => {
    const tokens = await signIn(t.app, t.config, DEMO.camille);
    const response = await call(t.app, tokens.access_token, 'GET', '/customers/CLI-00100231');
    expect(response.statusCode).toBe(401);
  });

  it('refuses an integration token on /api/v1', async ({ t }) => {
    const { token } = await integrationToken(t.app);
    const account = await t.app.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', DEMO.camille)
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/policy/accounts/${account.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses expired, forged and audience-less tokens', async ({ t }) => {
    const claims = {
      sub: 'forger',
      iss: t.config.oidc.issuer,
      aud: t.config.integration.audience,
      scope: 'backoffice:read backoffice:write',
    };
    const expired = await signWithProviderKey(t.app.db, claims, Math.floor(Date.now() / 1000) - 60);
    const forged = await signWithOtherKey(claims, 'forged');
    const otherAudience = await signWithProviderKey(t.app.db, {
      ...claims,
      aud: t.config.oidc.audience,
    });
    for (const token of [expired, forged, otherAudience, 'not-a-jwt']) {
      const response = await call(t.app, token, 'GET', '/customers/CLI-00100231');
      expect(response.statusCode).toBe(401);
    }
  });

  it('serves its own OpenAPI document at /backoffice/docs, apart from /api/docs', async ({ t }) => {
    const own = await t.app.inject({ method: 'GET', url: '/backoffice/docs/json' });
    expect(own.statusCode).toBe(200);
    const paths = Object.keys(own.json<{ paths: object }>().paths);
    expect(paths).toContain('/backoffice/v1/contracts/{contractNumber}');
    expect(paths.every((p) => p.startsWith('/backoffice/v1'))).toBe(true);
    const api = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const apiPaths = Object.keys(api.json<{ paths: object }>().paths);
    expect(apiPaths.some((p) => p.startsWith('/backoffice'))).toBe(false);
    expect(apiPaths.length).toBeGreaterThan(10);
  });
});
