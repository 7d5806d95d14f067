// FAQ queries (docs/product/contact-and-faq.md /faq; docs/decisions/0016-content-in-markdown.md,
// 0088-faq-search-in-customers-words.md). It enforces: French full-text search with stemming and
// without accents (`websearch_to_tsquery('french', unaccent(…))` against the weighted tsvector
// written by the content loader), read in the customer's words (faq-vocabulary.ts); the entries
// sharing the most subjects with the search, best matches first (ts_rank, then the editorial
// order); one query for the entries and the total (PGlite runs one query at a time), whose text
// does not depend on the search. A search answered before is answered again from memory while
// the FAQ keeps its version.
import type { FaqCategory, FaqEntry, FaqResponse } from '@espace/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';
import { keptAnswers } from '../../platform/idempotency/kept-answers';
import { searchSubjects } from './faq-vocabulary';

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
 * The entries matching a search (docs/decisions/0088-faq-search-in-customers-words.md): those that
 * share the most of its subjects (faq-vocabulary.ts) with it, so every entry that has them all
 * when one does (and, when three or more are shared, those missing one); then, best first, the subjects' ranks summed (the FAQ's words count, the question
 * weighs more than the answer), the rank of the search as typed, the editorial order. One
 * statement whose text is the same for every search: the subjects are two array parameters.
 */
async function searchEntries(db: Db, search: FaqSearch, text: string) {
  const subjects = searchSubjects(text);
  const tsquery = (words: RawBuilder<unknown>) => sql`websearch_to_tsquery('french', unaccent(${words}))`;
  const terms = sql`(select coalesce(array_agg(${tsquery(sql.ref('typed'))} || ${tsquery(sql.ref('faq'))}), '{}')
    from unnest(${subjects.map((s) => s.typed)}::text[], ${subjects.map((s) => s.faq)}::text[]) as s(typed, faq))`;
  let matches = db
    .selectFrom('faq_entries as e')
    .innerJoin('faq_categories as c', 'c.slug', 'e.category')
    .crossJoin(
      sql<{ hits: number; weight: number }>`lateral (select count(*) filter (where e.search @@ t) as hits,
        coalesce(sum(ts_rank(e.search, t)), 0) as weight from unnest(${terms}) as t)`.as('m'),
    )
    .select([
      'e.id',
      'e.category',
      'e.question',
      'e.answer_html as answerHtml',
      'c.position as categoryPosition',
      'e.position',
      'm.hits',
      'm.weight',
      sql<number>`max(m.hits) over ()`.as('best'),
      sql<number>`ts_rank(e.search, ${tsquery(sql.val(text))})`.as('rank'),
    ])
    .where('m.hits', '>', 0);
  if (search.category) matches = matches.where('e.category', '=', search.category);
  let select = db
    .selectFrom(matches.as('r'))
    .select(['r.id', 'r.category', 'r.question', 'r.answerHtml', sql<string>`count(*) over ()`.as('total')])
    // Three subjects found together or more: an entry missing one of them is shown too.
    .where(sql<boolean>`r.hits >= r.best - (r.best >= 3)::int`)
    .orderBy('r.weight', 'desc')
    .orderBy('r.rank', 'desc')
    .orderBy('r.categoryPosition')
    .orderBy('r.position')
    .offset(search.offset);
  if (search.limit !== undefined) select = select.limit(search.limit);
  return select.execute();
}

export async function searchFaq(
  db: Db,
  search: FaqSearch,
): Promise<{ entries: FaqEntry[]; total: number }> {
  const text = search.q?.trim();
  let rows;
  if (text) rows = await searchEntries(db, search, text);
  else {
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
    select = select.orderBy('c.position').orderBy('e.position').offset(search.offset);
    if (search.limit !== undefined) select = select.limit(search.limit);
    rows = await select.execute();
  }
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
