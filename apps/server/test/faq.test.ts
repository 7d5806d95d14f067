// GET /api/v1/content/faq: French full-text search over content/faq (ARCHITECTURE.md decision 6),
// on PGlite and, when it answers, on PostgreSQL.
import type { FaqResponse } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './backends';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from './harness';

describe.each(BACKENDS)('FAQ on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signIn(t.app, t.config, DEMO.lea)).access_token;
  });
  afterAll(() => t.close());

  const faq = async (query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/content/faq?${new URLSearchParams(query)}`,
      headers: bearer(token),
    });
    return { status: response.statusCode, body: response.json<FaqResponse>() };
  };

  it('requires authentication', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/content/faq' });
    expect(response.statusCode).toBe(401);
  });

  it('lists every question of content/faq in editorial order, with the eight category tabs', async () => {
    const { status, body } = await faq();
    expect(status).toBe(200);
    expect(body.categories.map((c) => c.slug)).toEqual([
      'documents',
      'contrat-garanties',
      'conducteurs-bonus-malus',
      'vehicule',
      'paiement',
      'resiliation',
      'sinistres',
      'compte-donnees',
    ]);
    expect(body.categories[0]!.title).toBe('Documents et attestations');
    expect(body.total).toBe(48);
    expect(body.entries).toHaveLength(48);
    expect(body.entries.every((e) => e.question.endsWith('?'))).toBe(true);
    expect(body.entries[0]!.question).toBe(
      'Quels documents dois-je transmettre après la souscription de mon contrat\u00a0?',
    );
    // Markdown rendered on the server: lists and links become HTML.
    expect(body.entries[0]!.answerHtml).toContain('<a href="/documents/1">Documents à fournir</a>');
    expect(body.entries[0]!.answerHtml).toContain('<li>');
  });

  it('finds « Résiliation » when the customer types "resilier" (stemming, no accents)', async () => {
    const { body } = await faq({ q: 'resilier' });
    expect(body.total).toBeGreaterThan(0);
    // Ranked: the first answers are about termination, with the word in the question (weight A).
    expect(body.entries[0]!.question.toLowerCase()).toMatch(/résili/);
    expect(body.entries.some((e) => e.category === 'resiliation')).toBe(true);
  });

  it('finds « véhicule » when the customer types "vehicules"', async () => {
    const plain = await faq({ q: 'vehicules' });
    const accented = await faq({ q: 'véhicule' });
    expect(plain.body.total).toBeGreaterThan(0);
    expect(plain.body.entries.map((e) => e.id)).toEqual(accented.body.entries.map((e) => e.id));
    expect(plain.body.entries[0]!.question + plain.body.entries[0]!.answerHtml).toMatch(
      /véhicule/i,
    );
  });

  it('filters by category, with and without a search', async () => {
    const all = await faq({ category: 'paiement' });
    expect(all.body.total).toBe(5);
    expect(new Set(all.body.entries.map((e) => e.category))).toEqual(new Set(['paiement']));
    const searched = await faq({ category: 'paiement', q: 'IBAN' });
    expect(searched.body.total).toBeGreaterThan(0);
    expect(searched.body.total).toBeLessThan(5);
    expect(searched.body.entries.every((e) => e.category === 'paiement')).toBe(true);
  });

  it('answers an empty list when nothing matches', async () => {
    const { status, body } = await faq({ q: 'zzqxw hélicoptère' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ entries: [], total: 0 });
    expect((await faq({ category: 'inconnue' })).body.total).toBe(0);
  });

  it('pages with limit and offset and keeps the total', async () => {
    const first = await faq({ limit: '10' });
    const second = await faq({ limit: '10', offset: '10' });
    expect(first.body.entries).toHaveLength(10);
    expect(second.body.total).toBe(48);
    expect(second.body.entries[0]!.id).not.toBe(first.body.entries[0]!.id);
  });

  it('refuses a malformed category or an over-long query', async () => {
    expect((await faq({ category: '<script>' })).status).toBe(400);
    expect((await faq({ q: 'a'.repeat(201) })).status).toBe(400);
  });

  it('accepts search syntax characters without a database error', async () => {
    for (const q of ['"contrat', 'or -', "l'assurance & | !", '((']) {
      expect((await faq({ q })).status).toBe(200);
    }
  });
});
