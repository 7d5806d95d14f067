// The back-channel logout of an external provider on the compiled server
// (docs/decisions/0084-external-provider-sessions.md, 0094): a logout token signed by the
// provider's own key, for this client, with the back-channel logout event, is refused (400)
// without `exp` and accepted (200) with it. The provider is a real OpenID Connect provider
// (node-oidc-provider) on a loopback port, whose discovery document and keys the server fetches.
// The server runs on a copy of the run's PostgreSQL template when it answers, else on a PGlite
// folder of its own.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_BACKCHANNEL_LOGOUT_PATH } from '@espace/contract';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends';
import { startPortal, stopped, type Portal } from '../support/portal-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const CLIENT_ID = 'espace-assure-portal';
const CLIENT_SECRET = 'secret-du-portail-chez-le-fournisseur';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

describe('the back-channel logout on the compiled server', () => {
  let providerServer: Server;
  let providerUrl: string;
  let providerKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let database: TestDatabase | undefined;
  let dataDir: string;
  let portal: Portal;

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    providerKey = privateKey;
    providerServer = createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const provider = new Provider(providerUrl, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: ['http://localhost:3000/auth/callback'],
        },
      ],
      jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
      cookies: { keys: ['clé-de-test-du-fournisseur'] },
      features: { devInteractions: { enabled: false } },
    });
    providerServer.on('request', provider.callback());

    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-backchannel-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      OIDC_ISSUER: providerUrl,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    };
    if (BACKENDS.includes('postgres')) {
      database = await createTestDatabase('postgres');
      env.DATABASE_URL = database.url!;
    }
    portal = await startPortal(env);
  }, 120_000);
  afterAll(async () => {
    if (portal) await stopped(portal.child, 'SIGKILL');
    await database?.drop();
    providerServer?.closeAllConnections();
    await new Promise((resolve) => providerServer?.close(resolve));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const logoutToken = (withExp: boolean) => {
    const jwt = new SignJWT({ sub: 'un-compte', events: { [BACKCHANNEL_EVENT]: {} } })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(providerUrl)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setJti(randomUUID());
    return (withExp ? jwt.setExpirationTime('2m') : jwt).sign(providerKey);
  };
  const post = (token: string) =>
    fetch(`${portal.url}${AUTH_BACKCHANNEL_LOGOUT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `logout_token=${token}`,
    });

  it('refuses the provider’s logout token without `exp`, accepts it with', async () => {
    const without = await post(await logoutToken(false));
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({ error: 'invalid_request' });
    expect((await post(await logoutToken(true))).status).toBe(200);
  });
});
