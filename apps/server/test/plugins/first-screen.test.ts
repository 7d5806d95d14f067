// The portal's first screen drawn by the server (plugins/first-screen.ts, docs/decisions/0105):
// a signed-in page of the policies path comes with the policies page and its shell as HTML, from
// the web build's own renderer, never stored by any cache; the other paths come empty for the
// browser to draw; the cookie banner follows the consent cookie the browser sent.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../../scripts/builds.mjs';
import { createTestApp, DEMO, portalSignIn, type TestApp } from '../support/harness';

const CONSENT = 'espace_consent_required=true; espace_consent_performance=false';

/** What the page holds in `#root`. */
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1];

describe('the first screen drawn by the server', () => {
  let test: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // The portal's real build (global-setup.ts makes it when stale), with its renderer.
    test = await createTestApp('pglite', { webDist: path.join(ROOT, 'apps/web/dist') });
    cookie = (await portalSignIn(test.app, DEMO.camille)).jar.header();
  });
  afterAll(() => test.close());

  const page = (url: string, extra = '') =>
    test.app.inject({ url, headers: { cookie: extra ? `${cookie}; ${extra}` : cookie } });

  it('draws the policies page, its cards, navigation and footer, never stored by a shared cache', async () => {
    for (const url of ['/', '/policies', '/?page=1']) {
      const response = await page(url, CONSENT);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      const root = rootOf(response.body)!;
      expect(root, url).toContain('Mes Polices d’assurance');
      expect(root, url).toContain('data-testid="policy-card"');
      // Camille's cars, from the same read the page carries for the browser.
      expect(root, url).toContain('AU2026104512');
      expect(root, url).toContain('Camille Martin');
      expect(root, url).toContain('href="/documents"');
      expect(root, url).toContain('Informations légales');
      expect(root, url).not.toContain('cookie-banner');
      // The reads the browser hydrates it with are in the page too.
      expect(response.body, url).toContain('id="portal-first-reads"');
    }
  });

  it('draws the cookie banner when the browser sent no consent', async () => {
    expect(rootOf((await page('/')).body)).toContain('class="cookie-banner"');
  });

  it('leaves the other screens to the browser', async () => {
    for (const url of ['/documents', '/account', '/faq', '/coverages']) {
      const response = await page(url, CONSENT);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });
});
