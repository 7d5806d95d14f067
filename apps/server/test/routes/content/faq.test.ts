// GET /api/v1/content/faq: French full-text search over content/faq (docs/decisions/0016-content-in-markdown.md),
// on PGlite and, when it answers, on PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import type { FaqResponse } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { FAQ_TABLES } from '../../../src/db/migrations/0019-faq-version';
import { BACKENDS } from '../../support/backends';
import { bearer } from '../../support/harness';

/** The questions of content/faq (one `## ` heading each), counted apart from the server. */
const faqDir = new URL('../../../../../content/faq/', import.meta.url);
const FAQ_TOTAL = readdirSync(faqDir)
  .filter((file) => file.endsWith('.md'))
  .flatMap((file) => readFileSync(new URL(file, faqDir), 'utf8').split('\n'))
  .filter((line) => line.startsWith('## ')).length;

describe.each(BACKENDS)('FAQ on %s', (backend) => {
const it = apiTest
  .extend('faq', ({ t, lea: { token } }) => async (query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/content/faq?${new URLSearchParams(query)}`,
      headers: bearer(token),
    });
    return { status: response.statusCode, body: response.json<FaqResponse>() };
  })
  .override({ backend });


  it('requires authentication', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/content/faq' });
    expect(response.statusCode).toBe(401);
  });

  it('lists every question of content/faq in editorial order, with the eight category tabs', async ({ faq }) => {
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
    expect(FAQ_TOTAL).toBeGreaterThan(40);
    expect(body.total).toBe(FAQ_TOTAL);
    expect(body.entries).toHaveLength(FAQ_TOTAL);
    expect(body.entries.every((e) => e.question.endsWith('?'))).toBe(true);
    expect(body.entries[0]!.question).toBe(
      'Quels documents dois-je transmettre après la souscription de mon contrat\u00a0?',
    );
    // Markdown rendered on the server: lists and links become HTML.
    expect(body.entries[0]!.answerHtml).toContain('<a href="/documents/1">Documents à fournir</a>');
    expect(body.entries[0]!.answerHtml).toContain('<li>');
  });

  it('finds « Résiliation » when the customer types "resilier" (stemming, no accents)', async ({ faq }) => {
    const { body } = await faq({ q: 'resilier' });
    expect(body.total).toBeGreaterThan(0);
    // Ranked: the first answers are about termination, with the word in the question (weight A).
    expect(body.entries[0]!.question.toLowerCase()).toMatch(/résili/);
    expect(body.entries.some((e) => e.category === 'resiliation')).toBe(true);
  });

  it('finds « véhicule » when the customer types "vehicules"', async ({ faq }) => {
    const plain = await faq({ q: 'vehicules' });
    const accented = await faq({ q: 'véhicule' });
    expect(plain.body.total).toBeGreaterThan(0);
    expect(plain.body.entries.map((e) => e.id)).toEqual(accented.body.entries.map((e) => e.id));
    expect(plain.body.entries[0]!.question + plain.body.entries[0]!.answerHtml).toMatch(
      /véhicule/i,
    );
  });

  it('filters by category, with and without a search', async ({ faq }) => {
    const all = await faq({ category: 'paiement' });
    expect(all.body.total).toBe(5);
    expect(new Set(all.body.entries.map((e) => e.category))).toEqual(new Set(['paiement']));
    const searched = await faq({ category: 'paiement', q: 'IBAN' });
    expect(searched.body.total).toBeGreaterThan(0);
    expect(searched.body.total).toBeLessThan(5);
    expect(searched.body.entries.every((e) => e.category === 'paiement')).toBe(true);
  });

  it('answers an empty list when nothing matches', async ({ faq }) => {
    const { status, body } = await faq({ q: 'zzqxw hélicoptère' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ entries: [], total: 0 });
    expect((await faq({ category: 'inconnue' })).body.total).toBe(0);
  });

  it('pages with limit and offset and keeps the total', async ({ faq }) => {
    const first = await faq({ limit: '10' });
    const second = await faq({ limit: '10', offset: '10' });
    expect(first.body.entries).toHaveLength(10);
    expect(second.body.total).toBe(FAQ_TOTAL);
    expect(second.body.entries[0]!.id).not.toBe(first.body.entries[0]!.id);
  });

  it('answers a search again after its categories or entries change in the database', async ({ t, faq }) => {
    const { db } = t.database.handle;
    const before = (await faq({ limit: '1' })).body;
    const entry = before.entries[0]!;
    const category = before.categories[0]!;
    // Changed as another instance's content loader, or someone by hand, would: not by this app.
    const setQuestion = (question: string) =>
      db.updateTable('faq_entries').set({ question }).where('id', '=', entry.id).execute();
    const setTitle = (title: string) =>
      db.updateTable('faq_categories').set({ title }).where('slug', '=', category.slug).execute();
    await setQuestion('Question reformulée ?');
    expect((await faq({ limit: '1' })).body.entries[0]!.question).toBe('Question reformulée ?');
    await setTitle('Titre revu');
    expect((await faq({ limit: '1' })).body.categories[0]!.title).toBe('Titre revu');
    await setQuestion(entry.question);
    await setTitle(category.title);
    expect((await faq({ limit: '1' })).body).toEqual(before);
  });

  it('has the version trigger on every table the FAQ read selects from', async ({ t }) => {
    const { rows } = await sql<{ table: string }>`
      select distinct event_object_table as table from information_schema.triggers
      where trigger_name like '%_faq_changed'`.execute(t.database.handle.db);
    expect(rows.map((r) => r.table).sort()).toEqual([...FAQ_TABLES].sort());
    const source = readFileSync(new URL('../../../src/services/content/faq.ts', import.meta.url), 'utf8');
    const read = new Set([...source.matchAll(/selectFrom\('(\w+)/g)].map((m) => m[1]!));
    read.delete('faq_version');
    expect([...read].sort()).toEqual([...FAQ_TABLES].sort());
  });

  it('refuses a malformed category or an over-long query', async ({ faq }) => {
    expect((await faq({ category: '<script>' })).status).toBe(400);
    expect((await faq({ q: 'a'.repeat(201) })).status).toBe(400);
  });

  it('accepts search syntax characters without a database error', async ({ faq }) => {
    for (const q of ['"contrat', 'or -', "l'assurance & | !", '((']) {
      expect((await faq({ q })).status).toBe(200);
    }
  });
});
