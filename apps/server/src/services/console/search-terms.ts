// What the console's search boxes take (docs/console.md « Rechercher »): a request reference, a
// customer's name (first then last, or last then first), e-mail, customer number, contract
// number or plate. Enforces:
// - case, accents and ligatures never matter, nor hyphens and apostrophes in a name: what is
//   typed is folded by the same table as the database's search_fold (migration 0037), so
//   « Hélène » finds « HELENE » and « Jean-Pierre » « jean pierre »;
// - a number or a plate matches whatever its dashes and spaces (search_code: GH-482-KL, gh482kl);
// - each term matches the start of what it names (the full name either way, the e-mail, the
//   number), so every condition is an index's range (text_pattern_ops), whatever the size;
//   LIKE's wildcards typed are taken literally.
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  FOLD_FROM,
  FOLD_LIGATURES,
  FOLD_TO,
} from '../../db/migrations/0037-console-search-and-request-index';

const FOLD = new Map([...FOLD_FROM].map((from, i) => [from, [...FOLD_TO][i]!]));

/** search_fold of the database, in TypeScript: the same table, then the same ligatures. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const char of text) folded += FOLD.get(char) ?? char;
  for (const [from, to] of FOLD_LIGATURES) folded = folded.replaceAll(from, to);
  return folded;
}

/** search_code of the database: upper-case ASCII letters and digits only. */
export function codeForSearch(text: string): string {
  return text.replace(/[a-z]/g, (c) => c.toUpperCase()).replace(/[^0-9A-Z]/g, '');
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SearchTerms {
  /** A name or e-mail's start, folded, as a LIKE pattern. */
  text: string;
  /** A number's or plate's start, as a LIKE pattern; null when it has fewer than 2 characters. */
  code: string | null;
}

export function searchTerms(q: string): SearchTerms {
  const text = foldForSearch(q).replace(/\s+/g, ' ').trim();
  const code = codeForSearch(q);
  return {
    text: `${likeEscaped(text)}%`,
    code: code.length >= 2 ? `${code}%` : null,
  };
}

/** The customers (accounts, id) whose name, e-mail or customer number starts with the terms. */
export function accountsMatching(terms: SearchTerms) {
  const conditions: Expression<SqlBool>[] = [
    sql`search_fold(a.last_name || ' ' || a.first_name) like ${terms.text}`,
    sql`search_fold(a.first_name || ' ' || a.last_name) like ${terms.text}`,
    sql`search_fold(a.email) like ${terms.text}`,
  ];
  if (terms.code) conditions.push(sql`search_code(a.customer_id) like ${terms.code}`);
  return sql`select a.id from accounts a where ${sql.join(conditions, sql` or `)}`;
}

/** The contracts (policy_number) whose number or a plate starts with the terms. */
export function contractsMatching(terms: SearchTerms & { code: string }) {
  return sql`select p.policy_number from policies p
      where search_code(p.policy_number) like ${terms.code}
    union
    select k.policy_number from risks k where search_code(k.license_plate) like ${terms.code}`;
}

/** The requests (request_index, id) whose reference starts with the terms. */
export function referencesMatching(terms: SearchTerms & { code: string }) {
  return sql`select i.id from request_index i where search_code(i.reference) like ${terms.code}`;
}
