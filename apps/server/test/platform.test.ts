// Health, OpenAPI, security headers, SPA fallback and configuration: what every response and
// every start must guarantee (docs/decisions/0012-security-baseline.md and docs/decisions/0023-configuration-logs-and-health.md).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config/config';
import { LEGAL_IDENTITY_FIELDS } from '../src/config/legal-identity';
import { renderIndex } from '../src/plugins/spa';

/** Every legal-identity variable set, as production requires. */
const LEGAL_ENV = Object.fromEntries(
  Object.values(LEGAL_IDENTITY_FIELDS).map(({ env }) => [env, `${env} value`]),
);
/** Production also requires the key that seals the secrets (config/secrets.ts). */
const SECRETS_KEY = Buffer.alloc(32, 1).toString('base64');
import { createTestApp, DEMO, pageAccount, portalSignIn, type TestApp } from './harness';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('publishes an OpenAPI document generated from the route schemas, with a viewer', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/account/accounts/{accountId}',
        '/api/v1/policy/accounts/{accountId}',
      ]),
    );
    const viewer = await t.app.inject('/api/docs/');
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toContain('text/html');
  });

  it('sends the security headers on API, provider and page responses', async () => {
    for (const url of [
      '/api/v1/policy/accounts/x',
      '/oidc/.well-known/openid-configuration',
      '/',
      '/healthz',
    ]) {
      const { headers } = await t.app.inject(url);
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  // docs/architecture.md: demo data only into an empty database, content only when a file changed,
  // keys only on first start. The API suite relies on it: every file starts on a copy of one
  // initialised template database (test/template.ts).
  it('starts again on an initialised database without seeding, loading or generating anything', async () => {
    const db = t.app.db;
    const state = async () => ({
      accounts: await db.selectFrom('accounts').select('id').orderBy('id').execute(),
      documents: await db.selectFrom('downloadable_documents').select('id').orderBy('id').execute(),
      content: await db.selectFrom('content_sources').selectAll().orderBy('path').execute(),
      secrets: await db.selectFrom('app_secrets').selectAll().orderBy('name').execute(),
    });
    const before = await state();
    expect(before.accounts).toHaveLength(3);
    const again = await buildApp(t.config, { database: t.database.handle, logger: false });
    await again.close();
    expect(await state()).toEqual(before);
  });
});

const ASSET = `console.log(${JSON.stringify('x'.repeat(3000))});`;

describe('SPA serving', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let config: ReturnType<typeof testConfig>;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'espace-dist-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<html><head><!--app-config--></head><body>spa${' '.repeat(2000)}</body></html>`,
    );
    // What the build writes: a hashed script with its .br and .gz copies, a brand file.
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, 'brand'));
    writeFileSync(path.join(webDist, 'assets/index-AbC123.js'), ASSET);
    writeFileSync(path.join(webDist, 'assets/index-AbC123.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(webDist, 'assets/index-AbC123.js.gz'), gzipSync(ASSET));
    writeFileSync(path.join(webDist, 'brand/brand.js'), 'document.documentElement.dataset.b=1;');
    // The manifest's first screen: the entry, and the portal with its style sheet.
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(
      path.join(webDist, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-AbC123.js', isEntry: true },
        'src/portal.tsx': { file: 'assets/portal-Pq9.js', css: ['assets/portal-Pq9.css'] },
      }),
    );
    database = await createTestDatabase('pglite');
    config = { ...testConfig(), webDist };
    app = await buildApp(config, { database: database.handle, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(config.webDist, { recursive: true, force: true });
    rmSync(config.documentsDir, { recursive: true, force: true });
  });

  it('serves index.html for every SPA route to a signed-in customer, and sends anyone else to sign-in', async () => {
    const { jar, page } = await portalSignIn(app, DEMO.lea);
    const accountId = pageAccount(page);
    for (const url of ['/', '/policies', '/coverages', '/documents/1', '/some/unknown/page']) {
      const response = await app.inject({ url, headers: { cookie: jar.header() } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<meta name="identity-provider" content="embedded">');
      expect(response.body).toContain(`<meta name="portal-account" content="${accountId}">`);
      // The first screen's scripts and style sheet come with the page.
      expect(response.body).toContain('<link rel="modulepreload" href="/assets/portal-Pq9.js">');
      expect(response.body).toContain('<link rel="stylesheet" href="/assets/portal-Pq9.css">');
      // The SPA holds no OIDC settings any more: the server signs in.
      expect(response.body).not.toContain('oidc-');
      // Without a session, the page asked for answers with the sign-in form.
      const away = await app.inject(url);
      expect(away.statusCode, url).toBe(200);
      expect(away.body, url).toContain('action="/interaction/');
      expect(away.body, url).not.toContain('rel="stylesheet" href="/assets/portal-Pq9.css"');
    }
    // The ends of a sign-out are public and never start one.
    for (const url of ['/loggedOut', '/accountDeleted']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).not.toContain('portal-account');
    }
    expect((await app.inject('/interaction/sign-in.js')).statusCode).toBe(200);
  });

  it('names the external provider in the page', () => {
    const page = renderIndex('<head><!--app-config--></head>', {
      issuer: 'https://login.example.fr',
      clientId: 'portail',
      audience: 'api',
      embedded: false,
    });
    expect(page).toContain('<meta name="identity-provider" content="external">');
    expect(page).not.toContain('prefetch');
  });

  it('caches hashed assets for a year, brand files briefly then stale while revalidating, and revalidates index.html', async () => {
    const asset = await app.inject('/assets/index-AbC123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(ASSET);
    expect((await app.inject('/brand/brand.js')).headers['cache-control']).toBe(
      'public, max-age=300, stale-while-revalidate=604800',
    );
    expect((await app.inject('/loggedOut')).headers['cache-control']).toBe('no-cache');
    // A signed-in page carries the customer's data: never stored.
    const { jar } = await portalSignIn(app, DEMO.jean);
    const page = await app.inject({ url: '/policies', headers: { cookie: jar.header() } });
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toMatch(/cookie/i);
  });

  it('sends the build’s brotli or gzip copy by Accept-Encoding, and compresses index.html', async () => {
    const br = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(ASSET.length / 10);
    const gzip = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);
    const page = await app.inject({ url: '/loggedOut', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('identity-provider');
  });

  it('does not answer missing assets or API paths with the SPA', async () => {
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await app.inject('/api/v1/unknown')).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('lists every wrong variable at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        OIDC_ISSUER: 'not a url',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const variable of ['PORT', 'DATABASE_URL', 'OIDC_ISSUER', 'LOG_LEVEL'])
        expect(problems).toContain(variable);
    }
  });

  it('defaults to the embedded provider, port 3000 and demo mode outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      demoMode: true,
      oidc: { embedded: true, issuer: 'http://localhost:3000/oidc' },
    });
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...LEGAL_ENV }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, DEMO_MODE: 'true' }).demoMode).toBe(
      true,
    );
  });

  it('refuses to start in production without the broker’s legal identity, naming what is missing', () => {
    try {
      loadConfig({ NODE_ENV: 'production', LEGAL_BROKER_NAME: 'Courtier Réel SAS' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const { env } of Object.values(LEGAL_IDENTITY_FIELDS)) {
        if (env === 'LEGAL_BROKER_NAME') expect(problems).not.toContain(env);
        else expect(problems).toContain(env);
      }
    }
    const production = loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...LEGAL_ENV });
    expect(production.legalIdentity.brokerOrias).toBe('LEGAL_BROKER_ORIAS value');
    // Demo mode: a complete fictitious identity, the operator's values first.
    const demo = loadConfig({ LEGAL_BROKER_ORIAS: '12 345 678' }).legalIdentity;
    expect(demo.brokerOrias).toBe('12 345 678');
    expect(Object.values(demo).every((value) => value.length > 0)).toBe(true);
  });

  it('switches to an external provider with OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_AUDIENCE', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://sso.example.fr/realms/assure/',
      OIDC_CLIENT_ID: 'portail',
      OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long',
      OIDC_AUDIENCE: 'portail-api',
    });
    expect(config.oidc).toEqual({
      embedded: false,
      issuer: 'https://sso.example.fr/realms/assure',
      clientId: 'portail',
      clientSecret: 'un-secret-de-client-assez-long',
      audience: 'portail-api',
    });
  });

  it('needs the client secret with an external provider, and only then', () => {
    // The portal's pages sign customers in as that provider's confidential client.
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.example.fr/realms/assure' })).toThrow(
      /OIDC_CLIENT_SECRET: requis avec OIDC_ISSUER/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long' })).toThrow(
      /OIDC_CLIENT_SECRET: seulement avec OIDC_ISSUER/,
    );
    expect(() =>
      loadConfig({
        OIDC_ISSUER: 'https://sso.example.fr/realms/assure',
        OIDC_CLIENT_SECRET: 'court',
      }),
    ).toThrow(/OIDC_CLIENT_SECRET/);
  });

  it('takes the external provider’s account pages, and refuses them without OIDC_ISSUER', () => {
    const accountUrl = 'https://sso.example.fr/realms/assure/account';
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://sso.example.fr/realms/assure',
        OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long',
        OIDC_ACCOUNT_URL: accountUrl,
      }).oidc.accountUrl,
    ).toBe(accountUrl);
    expect(() => loadConfig({ OIDC_ACCOUNT_URL: accountUrl })).toThrow(/OIDC_ACCOUNT_URL/);
  });
});
