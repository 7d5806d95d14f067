// The portal's first screen drawn by the server (plugins/first-screen.ts, docs/decisions/0105):
// a signed-in page of the policies path comes with the policies page and its shell as HTML, from
// the web build's own renderer, never stored by any cache; the other paths come empty for the
// browser to draw; the cookie banner follows the consent cookie the browser sent.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { addDays, todayInParis } from '@espace/contract';
import { afterEach, describe, expect, vi } from 'vitest';
import { consentCookies, rendererFile } from '../../src/plugins/first-screen';
import { ROOT } from '../../../../scripts/builds.mjs';
import { apiTest } from '../support/api-test';
import { DEMO, portalSignIn } from '../support/harness';

const CONSENT = 'espace_consent_required=true; espace_consent_performance=false';

/** What the page holds in `#root` (the reads' block follows it). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>(?:<script type="application\/json"[^>]*>[^<]*<\/script>)?\s*<\/body>/.exec(
    html,
  )?.[1];

describe('the first screen drawn by the server', () => {
  // The portal's real build (global-setup.ts makes it when stale), with its renderer.
  const it = apiTest
    .extend('page', async ({ t, once }) => {
      const cookie = await once('cookie', async () =>
        (await portalSignIn(t.app, DEMO.camille)).jar.header(),
      );
      return (url: string, extra = '') =>
        t.app.inject({ url, headers: { cookie: extra ? `${cookie}; ${extra}` : cookie } });
    })
    .override({ appConfig: { webDist: path.join(ROOT, 'apps/web/dist') } });

  it('draws the policies page, its cards, navigation and footer, never stored by a shared cache', async ({
    page,
  }) => {
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

  it('draws the cookie banner when the browser sent no consent', async ({ page }) => {
    expect(rootOf((await page('/')).body)).toContain('class="cookie-banner"');
  });

  it('is parsed in the order it is shown: the skin first, the cards before the reads, one paint', async ({
    page,
  }) => {
    const response = await page('/', CONSENT);
    const html = response.body;
    // The brand script inline, first in the head, allowed by its hash alone.
    const inline = /<head>[\s\S]*?<script>([^<]+)<\/script>/.exec(html)?.[1];
    expect(inline).toContain("setAttribute('data-brand'");
    expect(html).not.toContain('src="/brand/brand.js"');
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('rel="stylesheet"'));
    const hash = createHash('sha256').update(inline!, 'utf8').digest('base64');
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${hash}';`,
    );
    // The reads after the first screen, and no paint before the parser has reached them.
    expect(html.indexOf('id="portal-first-reads"')).toBeGreaterThan(
      html.indexOf('data-testid="policy-card"'),
    );
    expect(html).toContain('<link rel="expect" href="#portal-first-reads" blocking="render">');
    // One reference to each file of the first screen.
    for (const [, file] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g))
      expect(html.split(`"${file}"`).length - 1, file).toBe(1);
  });

  it('sends the page drawn last again only while its reads and consent are the same', async ({
    t: test,
    page,
  }) => {
    // The card's title, without the comments React puts between adjacent texts.
    const card = (html: string) =>
      /Renault Clio V[^<]*/.exec(rootOf(html)!.replaceAll('<!-- -->', ''))?.[0];
    const first = (await page('/', CONSENT)).body;
    expect(card(first)).toBe('Renault Clio V');
    // The same reads: the same page, drawn once.
    expect(rootOf((await page('/', CONSENT)).body)).toBe(rootOf(first));
    // Changed in the database, as the broker's systems do, never through this app.
    const db = test.database.handle.db;
    await sql`update risks set model = 'Clio V E-Tech' where policy_number = 'AU2025087731'`.execute(
      db,
    );
    try {
      expect(card((await page('/', CONSENT)).body)).toBe('Renault Clio V E-Tech');
      // Another consent: the banner the browser will draw too.
      expect(rootOf((await page('/')).body)).toContain('class="cookie-banner"');
      expect(rootOf((await page('/', CONSENT)).body)).not.toContain('cookie-banner');
    } finally {
      await sql`update risks set model = 'Clio V' where policy_number = 'AU2025087731'`.execute(db);
    }
  });

  describe('at midnight in Paris', () => {
    afterEach(() => vi.useRealTimers());

    it('names the day it counts from, and sends no page kept from the day before', async ({
      t: test,
    }) => {
      const drawnOn = (html: string) =>
        /<meta name="portal-drawn-on" content="([^"]+)">/.exec(html)?.[1];
      const delay = (html: string) =>
        /id="documents-banner-title"[\s\S]*?<strong>([^<]+)<\/strong>/.exec(rootOf(html)!)?.[1];
      // The next midnight in Paris, which is on the hour in UTC: a second before it, then after.
      const tomorrow = addDays(todayInParis(), 1);
      let midnight = Date.parse(`${tomorrow}T00:00:00Z`) - 3 * 3_600_000;
      while (todayInParis(new Date(midnight)) !== tomorrow) midnight += 3_600_000;
      vi.useFakeTimers({ toFake: ['Date'], now: midnight - 1_000 });
      // Signed in then, the session two seconds old after midnight.
      const cookie = `${(await portalSignIn(test.app, DEMO.camille)).jar.header()}; ${CONSENT}`;
      const page = (url: string) => test.app.inject({ url, headers: { cookie } });
      const before = (await page('/')).body;
      // The same page again, kept: drawn once.
      expect((await page('/')).body).toBe(before);
      vi.setSystemTime(midnight + 1_000);
      const after = (await page('/')).body;
      expect(drawnOn(before)).toBe(addDays(tomorrow, -1));
      expect(drawnOn(after)).toBe(tomorrow);
      // Camille's documents: a day less to send them, in the page drawn after midnight.
      expect(delay(before)).toMatch(/^\d+\u00a0jours$/);
      expect(parseInt(delay(after)!, 10)).toBe(parseInt(delay(before)!, 10) - 1);
    });
  });

  it('draws from the consent cookies alone, never from the session’s', () => {
    expect(
      consentCookies(
        'espace-session=secret; espace_consent_performance=false; other=1; espace_consent_required=true',
      ),
    ).toBe('espace_consent_performance=false; espace_consent_required=true');
    expect(consentCookies('espace-session=secret')).toBe('');
  });

  it('is drawn as well from a build kept outside the repository, where no node_modules is', async ({
    page,
  }) => {
    // WEB_OUT_DIR may name any folder (parallel runs, docs/development.md): the renderer then
    // finds no package beside it, so it must import none. Loaded by Node itself, as the compiled
    // server loads it (Vitest's own loader would find the repository's packages).
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'espace-web-elsewhere-'));
    try {
      await cp(path.join(ROOT, 'apps/web/dist/.ssr'), path.join(elsewhere, '.ssr'), {
        recursive: true,
      });
      const reads = /id="portal-first-reads">([^<]*)<\/script>/.exec((await page('/')).body)![1]!;
      const { account, policies } = JSON.parse(reads) as { account: unknown; policies: unknown };
      const screen = { path: '/', accountId: 'x', account, policies, cookie: CONSENT };
      const renderer = pathToFileURL(rendererFile(elsewhere)).href;
      const drawn = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { renderFirstScreen } = await import(${JSON.stringify(renderer)});
           process.stdout.write(await renderFirstScreen(JSON.parse(process.env.SCREEN)));`,
        ],
        { env: { ...process.env, SCREEN: JSON.stringify({ ...screen, today: todayInParis() }) } },
      );
      expect(drawn.status, drawn.stderr.toString()).toBe(0);
      expect(drawn.stdout.toString()).toContain('Mes Polices d’assurance');
      expect(drawn.stdout.toString()).toContain('AU2026104512');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('draws « Mes documents » as its skeleton at once, which the browser draws anew', async ({
    page,
  }) => {
    for (const url of ['/documents', '/documents/1?contrat=AU2026104512&document=permis']) {
      const response = await page(url, CONSENT);
      expect(response.statusCode, url).toBe(200);
      const root = rootOf(response.body)!;
      expect(root, url).toContain('data-skeleton=""');
      expect(root, url).toContain('Mes documents');
      expect(root, url).toContain('Documents à fournir');
      expect(root, url).toContain('Chargement…');
      // The shell around it, as on the policies page.
      expect(root, url).toContain('href="/documents"');
      expect(root, url).not.toContain('<h1');
    }
  });

  it('leaves the other screens to the browser', async ({ page }) => {
    for (const url of ['/account', '/faq', '/coverages']) {
      const response = await page(url, CONSENT);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      // Nothing drawn: nothing to wait for before the first paint.
      expect(response.body, url).not.toContain('rel="expect"');
    }
  });
});
