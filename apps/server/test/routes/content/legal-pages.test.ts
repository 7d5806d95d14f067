// GET /api/v1/content/legal/{slug} (docs/product/contact-and-faq.md "Legal pages",
// docs/decisions/0016-content-in-markdown.md): every legal page, its promised delays, no
// placeholder and French typography. How the Markdown is loaded: services/content/content-loader.test.ts.
import type { LegalPage } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { bearer } from '../../support/harness';

describe.each(BACKENDS)('legal pages on %s', (backend) => {
const it = apiTest
  .extend('page', ({ t, lea: { token } }) => (slug: string, auth = true) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/content/legal/${slug}`,
      headers: auth ? bearer(token) : {},
    }))
  .override({ backend });


  it('requires authentication', async ({ page }) => {
    expect((await page('rules', false)).statusCode).toBe(401);
  });

  it.for([
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
  ] as const)('serves /%s with its sections', async ([slug, title, expected], { page }) => {
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

  it('states the retention and complaint delays of docs/product/contact-and-faq.md and the conformance level measured', async ({ page }) => {
    const html = (slug: string) =>
      page(slug).then((r) =>
        r
          .json<LegalPage>()
          .sections.map((s) => s.html)
          .join(''),
      );
    // ACPR 2022-R-01 counts « jours ouvrables » (Saturdays included), never « jours ouvrés ».
    expect(await html('rules')).toContain('10 jours ouvrables');
    expect(await html('rules')).not.toContain('ouvrés');
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

  it('lets no placeholder reach a customer: the legal identity comes from configuration', async ({ t, lea: { token }, page }) => {
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

  it('answers 400 for an unknown page', async ({ page }) => {
    expect((await page('secret')).statusCode).toBe(400);
  });
});
