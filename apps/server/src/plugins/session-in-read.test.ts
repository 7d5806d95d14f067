// A route that checks the token's session in its own statement (authentication.ts
// `sessionInRead`, docs/decisions/0068-api-reads-one-statement.md) fails closed: answering
// without `confirmSession` is a 500, never the data; a closed session is a 401.
import Fastify from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenValidity } from '../services/identity/token-validity';
import authentication, { confirmSession } from './authentication';
import errorHandler from './errors';

const ISSUER = 'https://issuer.example';
const AUDIENCE = 'urn:test';

async function appWithReads() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
  const app = Fastify();
  // No portal session cookie here: requests without a Bearer token are anonymous.
  app.decorate('portalSessions', {
    present: () => false,
    current: async () => undefined,
    signIn: async () => undefined,
    renew: async () => undefined,
    callback: async () => undefined,
  });
  await app.register(errorHandler);
  await app.register(async (api) => {
    await api.register(authentication, {
      issuer: ISSUER,
      audience: AUDIENCE,
      localJwks: { keys: [jwk] },
      // Never asked: every route here checks the session itself.
      tokenValidity: new TokenValidity(undefined as never, true),
    });
    const config = { sessionInRead: true };
    api.get('/forgets', { config }, async () => ({ secret: 'data' }));
    api.get('/open', { config }, async (request) => {
      confirmSession(request, true);
      return { secret: 'data' };
    });
    api.get('/closed', { config }, async (request) => {
      confirmSession(request, false);
      return { secret: 'data' };
    });
  });
  const token = await new SignJWT({ sid: 'session-1' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('account-1')
    .setExpirationTime('5m')
    .sign(privateKey);
  return { app, headers: { authorization: `Bearer ${token}` } };
}

describe('reads that check the session in their own statement', () => {
  it('send their data only once the session is confirmed open', async () => {
    const { app, headers } = await appWithReads();
    const open = await app.inject({ url: '/open', headers });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ secret: 'data' });

    const closed = await app.inject({ url: '/closed', headers });
    expect(closed.statusCode).toBe(401);
    expect(closed.body).not.toContain('data');

    const forgotten = await app.inject({ url: '/forgets', headers });
    expect(forgotten.statusCode).toBe(500);
    expect(forgotten.body).not.toContain('secret');

    expect((await app.inject({ url: '/open' })).statusCode).toBe(401);
    await app.close();
  });
});
