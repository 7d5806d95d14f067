import { ERROR_CODES, errorBodySchema, MESSAGES } from '@espace/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { bearer, claimsOf, type Tokens } from '../support/harness';
import {
  hmacToken,
  providerSigningKey,
  signWithOtherKey,
  signWithProviderKey,
  unsignedToken,
} from '../support/tokens';

describe.each(BACKENDS)('API authentication on %s', (backend) => {
  const it = apiTest
    .extend(
      'policiesOf',
      ({ t }) =>
        (accountId: string, headers: Record<string, string> = {}) =>
          t.app.inject({ method: 'GET', url: `/api/v1/policy/accounts/${accountId}`, headers }),
    )
    .override({ backend });

  function expectUnauthorized(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json())).toEqual({
      error: { code: ERROR_CODES.unauthorized, message: MESSAGES.api.unauthorized },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  }

  it('requires authentication: no token is refused with 401 and the French error body', async ({
    t,
    camille: { accountId: camilleId },
    policiesOf,
  }) => {
    expectUnauthorized(await policiesOf(camilleId));
    expectUnauthorized(
      await t.app.inject({ method: 'GET', url: `/api/v1/account/accounts/${camilleId}` }),
    );
  });

  it('accepts the access token issued by the provider for its own account', async ({
    camille: { accountId: camilleId, tokens: camille },
    policiesOf,
  }) => {
    const response = await policiesOf(camilleId, bearer(camille.access_token));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a malformed authorization header', async ({
    camille: { accountId: camilleId, tokens: camille },
    policiesOf,
  }) => {
    expectUnauthorized(await policiesOf(camilleId, { authorization: camille.access_token }));
    expectUnauthorized(await policiesOf(camilleId, { authorization: 'Bearer not.a.jwt' }));
    expectUnauthorized(
      await policiesOf(camilleId, { authorization: 'Basic Y2FtaWxsZTpEZW1vMjAyNiE=' }),
    );
  });

  it('refuses an expired token signed by the real key', async ({
    t,
    camille: { accountId: camilleId },
    policiesOf,
  }) => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const token = await signWithProviderKey(
      t.database.handle.db,
      { sub: camilleId, iss: t.config.oidc.issuer, aud: t.config.oidc.audience },
      past,
    );
    expectUnauthorized(await policiesOf(camilleId, bearer(token)));
  });

  it('accepts a token it did not issue itself only when everything matches (control for the forged cases)', async ({
    t,
    camille: { accountId: camilleId, tokens: camille },
    policiesOf,
  }) => {
    const token = await signWithProviderKey(t.database.handle.db, {
      sub: camilleId,
      iss: t.config.oidc.issuer,
      aud: t.config.oidc.audience,
      // A live provider session of that account (docs/decisions/0051-tokens-bound-to-their-session.md).
      sid: claimsOf(camille.access_token).sid,
    });
    expect((await policiesOf(camilleId, bearer(token))).statusCode).toBe(200);
  });

  it('refuses a token for another audience, such as the ID token', async ({
    t,
    camille: { accountId: camilleId, tokens: camille },
    policiesOf,
  }) => {
    const token = await signWithProviderKey(t.database.handle.db, {
      sub: camilleId,
      iss: t.config.oidc.issuer,
      aud: 'urn:another:api',
    });
    expectUnauthorized(await policiesOf(camilleId, bearer(token)));
    expectUnauthorized(await policiesOf(camilleId, bearer(camille.id_token)));
  });

  it('refuses a token from another issuer', async ({
    t,
    camille: { accountId: camilleId },
    policiesOf,
  }) => {
    const token = await signWithProviderKey(t.database.handle.db, {
      sub: camilleId,
      iss: 'https://evil.example/oidc',
      aud: t.config.oidc.audience,
    });
    expectUnauthorized(await policiesOf(camilleId, bearer(token)));
  });

  it('refuses a token signed by another key, even under the real key id', async ({
    t,
    camille: { accountId: camilleId },
    policiesOf,
  }) => {
    const claims = { sub: camilleId, iss: t.config.oidc.issuer, aud: t.config.oidc.audience };
    const { kid } = await providerSigningKey(t.database.handle.db);
    expectUnauthorized(await policiesOf(camilleId, bearer(await signWithOtherKey(claims))));
    expectUnauthorized(await policiesOf(camilleId, bearer(await signWithOtherKey(claims, kid))));
  });

  it('refuses alg none and HMAC tokens', async ({
    t,
    camille: { accountId: camilleId },
    policiesOf,
  }) => {
    const claims = { sub: camilleId, iss: t.config.oidc.issuer, aud: t.config.oidc.audience };
    expectUnauthorized(await policiesOf(camilleId, bearer(unsignedToken(claims))));
    expectUnauthorized(
      await policiesOf(camilleId, bearer(await hmacToken(claims, 'guessable-secret'))),
    );
  });

  it('refuses a tampered payload', async ({
    t,
    camille: { tokens: camille },
    jean: { accountId: jeanId },
    policiesOf,
  }) => {
    const [header, , signature] = camille.access_token.split('.');
    const payload = Buffer.from(
      JSON.stringify({
        sub: jeanId,
        iss: t.config.oidc.issuer,
        aud: t.config.oidc.audience,
        exp: 9_999_999_999,
      }),
    ).toString('base64url');
    expectUnauthorized(await policiesOf(jeanId, bearer(`${header}.${payload}.${signature}`)));
  });

  it("refuses another account's id with 403 and discloses nothing", async ({
    t,
    camille: { tokens: camille },
    jean: { accountId: jeanId },
  }) => {
    for (const url of [`/api/v1/policy/accounts/${jeanId}`, `/api/v1/account/accounts/${jeanId}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(camille.access_token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: ERROR_CODES.forbidden, message: MESSAGES.api.forbidden },
      });
    }
  });

  it('renews the access token with the refresh token', async ({
    t,
    camille: { tokens: camille, accountId: camilleId },
    policiesOf,
  }) => {
    expect(camille.refresh_token).toBeTruthy();
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: camille.refresh_token!,
        client_id: t.config.oidc.clientId,
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const renewed = response.json<Tokens>();
    expect(renewed.expires_in).toBeLessThanOrEqual(300);
    expect((await policiesOf(camilleId, bearer(renewed.access_token))).statusCode).toBe(200);
  });
});
