// FAQ queries (docs/product/contact-and-faq.md /faq; docs/decisions/0016-content-in-markdown.md). It enforces: French full-text search
// with stemming and without accents (`websearch_to_tsquery('french', unaccent(q))` against the
// weighted tsvector written by the content loader), best matches first (ts_rank, then the
// editorial order); one query for the entries and the total (PGlite runs one query at a time).
// A search answered before is answered again from memory while the FAQ keeps its version.
import type { FaqCategory, FaqEntry, FaqResponse } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { keptAnswers } from '../../platform/idempotency/kept-answers';

export interface FaqSearch {
  category?: string | undefined;
  q?: string | undefined;
  limit?: number | undefined;
  offset: number;
}

async function faqCategories(db: Db): Promise<FaqCategory[]> {
  return db
    .selectFrom('faq_categories')
    .select(['slug', 'title'])
    .orderBy('position')
    .orderBy('slug')
    .execute();
}

/**
 * Words customers use for what the FAQ names otherwise (docs/product/claims.md): a search is also
 * run with each such word replaced by the FAQ's, and an entry matching either version is found.
 */
const SYNONYMS: readonly [RegExp, string][] = [
  [/\b(accidents?|accrochages?|collisions?|carambolages?)\b/giu, 'sinistre'],
  [/\b(pare-brises?|vitres?|lunettes? arriere)\b/giu, 'bris de glace'],
  [/\b(cambriolages?|volee?s?)\b/giu, 'vol'],
];

/** The tsquery of a search: the words as typed, or any variant with the FAQ's own words. */
function faqQuery(text: string) {
  const plain = text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  const variants = SYNONYMS.map(([words, term]) => plain.replace(words, term)).filter(
    (variant) => variant !== plain,
  );
  return sql.join(
    [text, ...variants].map((q) => sql`websearch_to_tsquery('french', unaccent(${q}))`),
    sql` || `,
  );
}

export async function searchFaq(
  db: Db,
  search: FaqSearch,
): Promise<{ entries: FaqEntry[]; total: number }> {
  const text = search.q?.trim();
  const query = text ? sql`(${faqQuery(text)})` : undefined;
  let select = db
    .selectFrom('faq_entries as e')
    .innerJoin('faq_categories as c', 'c.slug', 'e.category')
    .select([
      'e.id',
      'e.category',
      'e.question',
      'e.answer_html as answerHtml',
      sql<string>`count(*) over ()`.as('total'),
    ]);
  if (search.category) select = select.where('e.category', '=', search.category);
  if (query) {
    select = select
      .where(sql<boolean>`e.search @@ ${query}`)
      .orderBy(sql`ts_rank(e.search, ${query})`, 'desc');
  }
  select = select.orderBy('c.position').orderBy('e.position').offset(search.offset);
  if (search.limit !== undefined) select = select.limit(search.limit);
  const rows = await select.execute();
  const total = rows[0] ? Number(rows[0].total) : 0;
  return { entries: rows.map(({ total: _total, ...entry }) => entry), total };
}

/** Answers kept, at most this many characters of JSON in all per database. */
const FAQ_PAGES_MAX_CHARS = 4_000_000;

/** The answer given per search, with the FAQ's version when it was read (migration 0019). */
const kept = keptAnswers<FaqResponse>(FAQ_PAGES_MAX_CHARS, (page) => JSON.stringify(page).length);

/**
 * The FAQ screen's data: every category, and the entries that match the search; a search
 * answered before is answered again while the FAQ keeps its version.
 */
export async function faqPage(db: Db, search: FaqSearch): Promise<FaqResponse> {
  const { version } = await db
    .selectFrom('faq_version')
    .select(sql<string>`version::text`.as('version'))
    .executeTakeFirstOrThrow();
  const key = JSON.stringify([
    search.q?.trim() ?? '',
    search.category,
    search.limit,
    search.offset,
  ]);
  const answer = kept.get(db, key);
  if (answer?.version === version) return answer.value;
  // Read after the version: a change in between makes the next read build the page again.
  const categories = await faqCategories(db);
  const { entries, total } = await searchFaq(db, search);
  const page = { categories, entries, total };
  kept.set(db, key, { version, value: page });
  return page;
}
