// The SPA's serving (plugins/spa.ts, docs/decisions/0012-security-baseline.md): index.html for
// every SPA route to a signed-in customer and the sign-in to anyone else, the page's tags, hashed
// assets cached for a year and sent precompressed, nothing of the SPA for a missing asset or an
// API path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { renderIndex } from '../../src/plugins/index-page';
import { DEMO, pageAccount, portalSignIn } from '../support/harness';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

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
    const page = renderIndex('<head><!--app-config--></head>', { embedded: false });
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
    // A signed-in page carries the customer's data: never stored, by the browser or a shared cache.
    const { jar } = await portalSignIn(app, DEMO.jean);
    const page = await app.inject({ url: '/policies', headers: { cookie: jar.header() } });
    expect(page.headers['cache-control']).toBe('private, no-store');
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
