// The provider's token endpoint under a guessing attack (docs/decisions/0094-integration-clients-
// under-attack.md): wrong client secrets are refused with 429 past the limits of the source
// address and of the client at that address, while the client's owner, from its own address,
// and the other clients keep getting tokens; a right secret never fills a window; a secret in
// the body is not read. Addresses are the request's own (`remoteAddress` of app.inject).
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { createIntegrationClient } from '../../../src/services/integration/clients';
import { BACKENDS } from '../../support/backends';

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.4';

describe.each(BACKENDS)('the token endpoint’s throttle (%s)', (backend) => {
  const it = apiTest
    .extend(
      'client',
      ({ t }) =>
        (name: string) =>
          createIntegrationClient(t.app.db, name, ['backoffice:read']),
    )
    .extend(
      'token',
      ({ t }) =>
        (clientId: string, secret: string, address: string, body: object = {}) =>
          t.app.inject({
            method: 'POST',
            url: '/oidc/token',
            remoteAddress: address,
            headers: {
              authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload: new URLSearchParams({ grant_type: 'client_credentials', ...body }).toString(),
          }),
    )
    .override({ backend });

  it('refuses 200 wrong secrets past the limit, and the owner elsewhere and other clients still get tokens', async ({
    client,
    token,
  }) => {
    const attacked = await client('Courtier attaqué');
    const other = await client('Autre courtier');
    const statuses: number[] = [];
    for (let wave = 0; wave < 10; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          token(attacked.clientId, `mauvais-secret-${wave}-${i}`, ATTACKER),
        ),
      );
      statuses.push(...answers.map((a) => a.statusCode));
      const refused = answers.find((a) => a.statusCode === 429);
      if (!refused) continue;
      expect(refused.json()).toEqual({
        error: 'slow_down',
        error_description: expect.stringMatching(
          /^Trop de tentatives .* réessayez dans 15\u00a0minutes\.$/,
        ),
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(refused.headers['cache-control']).toBe('no-store');
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.tokenClient.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - RATE_LIMITS.tokenClient.max);
    // The right secret from the attacker's address is refused unread, as the wrong ones.
    expect((await token(attacked.clientId, attacked.secret, ATTACKER)).statusCode).toBe(429);
    // The owner, from its own address, and another client are not locked out.
    expect((await token(attacked.clientId, attacked.secret, OWNER)).statusCode).toBe(200);
    expect((await token(other.clientId, other.secret, OWNER)).statusCode).toBe(200);
    expect((await token(other.clientId, other.secret, '198.51.100.5')).statusCode).toBe(200);
  });

  it('counts an address’s wrong secrets whatever the client id, known or not', async ({
    client,
    token,
  }) => {
    const address = '192.0.2.50';
    const known = await client('Courtier voisin');
    for (let n = 0; n < RATE_LIMITS.tokenAddress.max; n++)
      expect((await token(`inconnu-${n}`, 'secret', address)).statusCode).toBe(401);
    expect((await token('inconnu-encore', 'secret', address)).statusCode).toBe(429);
    expect((await token(known.clientId, known.secret, address)).statusCode).toBe(429);
    expect((await token(known.clientId, known.secret, OWNER)).statusCode).toBe(200);
  });

  it('takes a right secret back: a client asking often never throttles itself', async ({
    client,
    token,
  }) => {
    const busy = await client('Courtier pressé');
    const address = '192.0.2.60';
    for (let n = 0; n < RATE_LIMITS.tokenAddress.max + 5; n++)
      expect((await token(busy.clientId, busy.secret, address)).statusCode).toBe(200);
    // A right secret with a request the provider refuses afterwards is not a guess either.
    for (let n = 0; n < RATE_LIMITS.tokenClient.max + 2; n++)
      expect(
        (await token(busy.clientId, busy.secret, address, { grant_type: 'password' })).statusCode,
      ).toBe(400);
    expect((await token(busy.clientId, busy.secret, address)).statusCode).toBe(200);
  });

  it('does not read a secret sent in the body, where it would go uncounted', async ({
    t,
    client,
  }) => {
    const { clientId, secret } = await client('Courtier formulaire');
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      remoteAddress: '192.0.2.70',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
      }).toString(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });
});
