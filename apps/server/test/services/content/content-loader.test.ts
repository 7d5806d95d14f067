// Content loading (services/content/content-loader.ts, docs/decisions/0016-content-in-markdown.md):
// Markdown rendered safely, reloaded only when a file changed, a deleted file's entries removed.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/services/content/content-loader';
import { searchFaq } from '../../../src/services/content/faq';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

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
