// Content loading (docs/decisions/0016-content-in-markdown.md) and GET /api/v1/content/legal/{slug} (docs/product/contact-and-faq.md
// "Legal pages"): Markdown rendered safely, reloaded only when a file changed.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LegalPage } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../src/services/content/content-loader';
import { searchFaq } from '../src/services/content/faq';
import { BACKENDS } from './backends';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from './harness';
import { createTestDatabase, type TestDatabase } from './test-database';

describe.each(BACKENDS)('legal pages on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signIn(t.app, t.config, DEMO.lea)).access_token;
  });
  afterAll(() => t.close());

  const page = (slug: string, auth = true) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/content/legal/${slug}`,
      headers: auth ? bearer(token) : {},
    });

  it('requires authentication', async () => {
    expect((await page('rules', false)).statusCode).toBe(401);
  });

  it.each([
    [
      'rules',
      'Règles du site',
      [
        'Mentions légales',
        'Propriété intellectuelle',
        'Cookies',
        'Éditeur du site',
        'Autorité de contrôle',
        'Réclamations',
        'Immatriculation de l’intermédiaire',
      ],
    ],
    ['personalInformation', 'Politique de protection des données personnelles', 8],
    ['generalConditions', 'Conditions générales d’utilisation', 6],
    [
      'accessibility',
      'Déclaration d’accessibilité',
      [
        'État de conformité',
        'Contenus non accessibles',
        'Établissement de cette déclaration',
        'Retour d’information et contact',
        'Voies de recours',
      ],
    ],
  ] as const)('serves /%s with its sections', async (slug, title, expected) => {
    const response = await page(slug);
    expect(response.statusCode).toBe(200);
    const body = response.json<LegalPage>();
    expect(body.title).toBe(title);
    if (typeof expected === 'number') {
      expect(body.sections).toHaveLength(expected);
      body.sections.forEach((s, i) => expect(s.title).toMatch(new RegExp(`^Article ${i + 1} – `)));
    } else {
      expect(body.sections.map((s) => s.title)).toEqual(expected);
    }
    expect(body.sections.every((s) => s.html.startsWith('<'))).toBe(true);
  });

  it('states the retention and complaint delays of docs/product/contact-and-faq.md and the conformance level measured', async () => {
    const html = (slug: string) =>
      page(slug).then((r) =>
        r
          .json<LegalPage>()
          .sections.map((s) => s.html)
          .join(''),
      );
    expect(await html('rules')).toMatch(/10 jours ouvrables|10 jours ouvrés/);
    expect(await html('rules')).toMatch(/2 mois|deux mois/);
    expect(await html('personalInformation')).toMatch(/5 ans|cinq ans/);
    expect(await html('accessibility')).toContain('WCAG 2.1');
    // The statement says when it was checked, what is known not to conform, and how to report.
    const accessibility = await html('accessibility');
    expect(accessibility).toContain('23 novembre 2026');
    expect(accessibility).toContain('Non-conformités');
    expect(accessibility).not.toContain('Aucune non-conformité n’est connue');
    expect(accessibility).toMatch(/Défenseur des droits/);
    expect(accessibility).toMatch(/href="\/contact"/);
  });

  it('lets no placeholder reach a customer: the legal identity comes from configuration', async () => {
    const texts = await Promise.all(
      ['rules', 'personalInformation', 'generalConditions', 'accessibility'].map((slug) =>
        page(slug).then((r) => r.body),
      ),
    );
    const faq = await t.app.inject({
      method: 'GET',
      url: '/api/v1/content/faq',
      headers: bearer(token),
    });
    for (const text of [...texts, faq.body]) {
      expect(text).not.toMatch(/À COMPLÉTER|\{\{/);
    }
    // French typography (scripts/french-typography.mjs): a no-break space before ! ? : ; and
    // inside « », outside code.
    for (const text of [...texts, faq.body]) {
      const prose = text.replace(/<code>.*?<\/code>/g, '');
      expect(prose).not.toMatch(/ [!?:;]|« | »/);
    }
    // Demo mode: the fictitious identity of legal-identity.ts, ORIAS and DPO included.
    expect(texts[0]).toContain(t.config.legalIdentity.brokerOrias);
    expect(texts[1]).toContain(t.config.legalIdentity.dpoEmail);
  });

  it('answers 400 for an unknown page', async () => {
    expect((await page('secret')).statusCode).toBe(400);
  });
});

describe('content loader', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // The template holds the repository's content: start from none, as a new database does.
    const db = database.handle.db;
    for (const table of ['faq_categories', 'legal_pages', 'content_sources'] as const)
      await db.deleteFrom(table).execute();
    dir = await mkdtemp(path.join(tmpdir(), 'content-'));
    await mkdir(path.join(dir, 'faq'));
    await mkdir(path.join(dir, 'legal'));
  });
  afterAll(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const write = (file: string, text: string) => writeFile(path.join(dir, file), text);

  it('escapes raw HTML written in the Markdown and drops javascript: links', async () => {
    await write(
      'faq/01-essai.md',
      [
        '# Essai',
        '## Puis-je écrire du HTML ?',
        'Non : <script>alert(1)</script> <img src=x onerror="alert(2)"> reste du texte.',
        '',
        '[piège](javascript:alert(3)) et [contact](/contact)',
      ].join('\n'),
    );
    await loadContent(database.handle.db, dir);
    const { entries } = await searchFaq(database.handle.db, { offset: 0 });
    const html = entries[0]!.answerHtml;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('<a href="/contact">contact</a>');
  });

  it('reloads only the files that changed, and removes a deleted category', async () => {
    const db = database.handle.db;
    await write('faq/02-autre.md', '# Autre\n## Une question sur le bonus ?\nLe bonus.');
    await write('legal/rules.md', '# Règles\n## Mentions légales\nTexte.');
    expect((await loadContent(db, dir)).loaded.sort()).toEqual([
      'faq/02-autre.md',
      'legal/rules.md',
    ]);
    expect((await loadContent(db, dir)).loaded).toEqual([]);

    await write('faq/02-autre.md', '# Autre\n## Une question sur le malus ?\nLe malus.');
    expect((await loadContent(db, dir)).loaded).toEqual(['faq/02-autre.md']);
    const found = await searchFaq(db, { q: 'malus', offset: 0 });
    expect(found.entries.map((e) => e.question)).toEqual(['Une question sur le malus ?']);
    expect((await searchFaq(db, { q: 'bonus', offset: 0 })).total).toBe(0);

    await rm(path.join(dir, 'faq/02-autre.md'));
    expect((await loadContent(db, dir)).removed).toEqual(['faq/02-autre.md']);
    expect((await searchFaq(db, { category: 'autre', offset: 0 })).total).toBe(0);
  });
});
