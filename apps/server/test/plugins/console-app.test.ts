// How the server serves the staff console's app (plugins/console-app.ts, docs/console.md
// « L’application »): its hashed files cached as immutable and precompressed; its pages only
// with a live console session (else the console's sign-in, whatever customer session the
// browser has); the integration API, the console API and the portal untouched; a French 503
// page with another identity provider; the console's CSP framing this origin alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { apiTest } from '../support/api-test';
import { loadConfig } from '../../src/config/config';
import { DEMO, portalSignIn } from '../support/harness';
import { createStaff, signInStaff } from '../support/staff';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const ASSET = `console.log(${JSON.stringify('c'.repeat(3000))});`;
const MARKER = '<div id="console-root-for-test"></div>';

function consoleBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'espace-console-dist-'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html lang="fr">${MARKER}</html>`);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/index-CoN123.js'), ASSET);
  writeFileSync(path.join(dist, 'assets/index-CoN123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(dist, 'assets/index-CoN123.js.gz'), gzipSync(ASSET));
  return dist;
}

describe('the console app', () => {
  const dist = consoleBuild();
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const it = apiTest.override({ appConfig: { consoleDist: dist } });

  it('sends its hashed files as immutable, precompressed for the browsers that accept it', async ({
    t,
  }) => {
    const url = '/backoffice/assets/index-CoN123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    const plain = await t.app.inject(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    // A file the build did not write is a 404, never a page.
    const missing = await t.app.inject('/backoffice/assets/nothing-here.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain(MARKER);
  });

  it('sends its page, never stored, for every path of the app to a signed-in staff member', async ({
    t,
  }) => {
    const cookie = await signInStaff(t.app, await createStaff(t.app.db, { role: 'agent' }));
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/demandes/DEM-1',
      '/backoffice/clients?q=x',
    ]) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(MARKER);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(response.headers['content-type'], url).toContain('text/html');
    }
    // Not the portal's pages: a console session is no customer session.
    const portal = await t.app.inject({ url: '/policies', headers: { cookie } });
    expect(portal.body).not.toContain(MARKER);
  });

  it('does not send its page without a console session, even to a signed-in customer', async ({
    t,
  }) => {
    const { jar } = await portalSignIn(t.app, DEMO.lea);
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/demandes/DEM-1',
      '/backoffice/clients?q=x',
    ]) {
      for (const cookie of [undefined, jar.header()]) {
        const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
        expect(response.body, url).not.toContain(MARKER);
        // The console's sign-in starts, and comes back to the page asked for.
        expect(response.statusCode, url).toBe(303);
        const signIn = new URL(String(response.headers.location), 'http://localhost:3000');
        expect(signIn.pathname, url).toMatch(/^\/oidc\/auth/);
        expect(signIn.searchParams.get('prompt'), url).toBe('login');
      }
    }
  });

  it('leaves the integration API, the console API and unknown paths under them alone', async ({
    t,
  }) => {
    const integration = await t.app.inject('/backoffice/v1/events');
    expect(integration.statusCode).toBe(401);
    const me = await t.app.inject('/backoffice/api/me');
    expect(me.statusCode).toBe(401);
    for (const url of ['/backoffice/api/nothing-here', '/backoffice/v1/nothing/here']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain(MARKER);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    // The portal's own pages are unchanged: its index, not the console's.
    const portal = await t.app.inject('/policies');
    expect(portal.body).not.toContain(MARKER);
  });

  it('lets the console frame this origin alone (PDF previews), the portal nothing', async ({
    t,
  }) => {
    const page = await t.app.inject('/backoffice');
    expect(page.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    const portal = await t.app.inject('/policies');
    expect(portal.headers['content-security-policy']).toContain("frame-src 'none'");
    expect(portal.headers['x-frame-options']).toBe('DENY');
    expect((await t.app.inject('/backoffice/api/me')).headers['x-frame-options']).toBe('DENY');
  });
});

describe('the console app with another identity provider', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dist: string;
  beforeAll(async () => {
    dist = consoleBuild();
    database = await createTestDatabase('pglite');
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
        OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long',
      },
      { inMemoryDatabase: true, consoleDist: dist },
    );
    app = await buildApp(config, { database: database.handle, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers its pages with a French 503 page, and still serves nothing else', async () => {
    const response = await app.inject('/backoffice/demandes');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Console indisponible');
    expect(response.body).not.toContain(MARKER);
  });
});
