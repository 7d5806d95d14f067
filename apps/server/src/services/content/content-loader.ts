// Loads content/ into the database at start (docs/decisions/0016-content-in-markdown.md). It enforces: every
// file is hashed (sha256) and only a file whose hash changed is reloaded, in one transaction per
// file; a FAQ category whose file disappeared is removed; Markdown is rendered to safe HTML here,
// once (services/content/markdown.ts), and each FAQ entry gets its weighted French tsvector on insert:
// question weight A, answer text weight B, both through unaccent so accents never matter.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { legalSlugSchema } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { fillLegalIdentity, type LegalIdentity } from '../../config/legal-identity';
import type * as Markdown from './markdown';

/** content/faq/NN-slug.md: NN orders the tabs, slug identifies the category (content/README.md). */
const FAQ_FILE = /^(\d+)-([a-z0-9-]+)\.md$/;

interface SourceFile {
  /** Relative to the content folder, with forward slashes: the key in content_sources. */
  key: string;
  text: string;
  sha256: string;
}

async function markdownFiles(
  dir: string,
  sub: string,
  identity: LegalIdentity | undefined,
): Promise<SourceFile[]> {
  let names: string[];
  try {
    names = (await readdir(path.join(dir, sub))).filter((n) => n.endsWith('.md')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return Promise.all(
    names.map(async (name) => {
      const source = await readFile(path.join(dir, sub, name), 'utf8');
      // The broker's legal identity from configuration in place of `{{key}}`; the hash
      // is taken after, so a changed identity reloads the pages that state it.
      const text = identity ? fillLegalIdentity(source, identity, `${sub}/${name}`) : source;
      const sha256 = createHash('sha256').update(text).digest('hex');
      return { key: `${sub}/${name}`, text, sha256 };
    }),
  );
}

async function loadFaqFile(db: Db, file: SourceFile, md: typeof Markdown): Promise<void> {
  const { markdownText, renderMarkdown, splitSections } = md;
  const match = FAQ_FILE.exec(path.basename(file.key));
  if (!match) throw new Error(`${file.key}: FAQ files are named NN-slug.md`);
  const [, position, slug] = match;
  const doc = splitSections(file.text, file.key);
  await db.transaction().execute(async (trx) => {
    // By path or slug: a renamed file (new NN- prefix) keeps its slug (content/README.md).
    await trx
      .deleteFrom('faq_categories')
      .where((eb) => eb.or([eb('source_path', '=', file.key), eb('slug', '=', slug!)]))
      .execute();
    await trx
      .insertInto('faq_categories')
      .values({ slug: slug!, title: doc.title, position: Number(position), source_path: file.key })
      .execute();
    if (doc.sections.length === 0) return;
    await trx
      .insertInto('faq_entries')
      .values(
        doc.sections.map((s, index) => ({
          category: slug!,
          position: index,
          question: s.title,
          answer_md: s.body,
          answer_html: renderMarkdown(s.body),
          search: sql`setweight(to_tsvector('french', unaccent(${s.title})), 'A') || setweight(to_tsvector('french', unaccent(${markdownText(s.body)})), 'B')`,
        })),
      )
      .execute();
  });
}

async function loadLegalFile(db: Db, file: SourceFile, md: typeof Markdown): Promise<void> {
  const { renderMarkdown, splitSections } = md;
  const slug = legalSlugSchema.safeParse(path.basename(file.key, '.md'));
  if (!slug.success) throw new Error(`${file.key}: not a known legal page`);
  const doc = splitSections(file.text, file.key);
  const sections = doc.sections.map((s) => ({ title: s.title, html: renderMarkdown(s.body) }));
  await db
    .insertInto('legal_pages')
    .values({ slug: slug.data, title: doc.title, sections: JSON.stringify(sections) })
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({ title: doc.title, sections: JSON.stringify(sections) }),
    )
    .execute();
}

export interface ContentLoadResult {
  loaded: string[];
  removed: string[];
}

export async function loadContent(
  db: Db,
  contentDir: string,
  identity?: LegalIdentity,
): Promise<ContentLoadResult> {
  const faq = await markdownFiles(contentDir, 'faq', identity);
  const legal = await markdownFiles(contentDir, 'legal', identity);
  const known = new Map(
    (await db.selectFrom('content_sources').select(['path', 'sha256']).execute()).map((r) => [
      r.path,
      r.sha256,
    ]),
  );
  const loaded: string[] = [];
  // The Markdown renderer is loaded only when a file changed (most restarts load nothing).
  let md: typeof Markdown | undefined;
  for (const [files, load] of [
    [faq, loadFaqFile],
    [legal, loadLegalFile],
  ] as const) {
    for (const file of files) {
      if (known.get(file.key) === file.sha256) continue;
      md ??= await import('./markdown');
      await load(db, file, md);
      await db
        .insertInto('content_sources')
        .values({ path: file.key, sha256: file.sha256 })
        .onConflict((oc) =>
          oc.column('path').doUpdateSet({ sha256: file.sha256, loaded_at: new Date() }),
        )
        .execute();
      loaded.push(file.key);
    }
  }
  const present = new Set([...faq, ...legal].map((f) => f.key));
  const removed = [...known.keys()].filter((key) => !present.has(key));
  for (const key of removed) {
    await db.deleteFrom('faq_categories').where('source_path', '=', key).execute();
    if (key.startsWith('legal/'))
      await db.deleteFrom('legal_pages').where('slug', '=', path.basename(key, '.md')).execute();
    await db.deleteFrom('content_sources').where('path', '=', key).execute();
  }
  return { loaded, removed };
}
