// How commune names are compared, in the search and in validateAddress alike: accents, case,
// hyphens and apostrophes do not count, 'st'/'saint' and 'ste'/'sainte' are the same word, 'œ'
// is 'oe'. 'L’Haÿ-les-Roses', 'l'hay les roses' and 'LHAY-LES-ROSES' are the same name.

const ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte' };

const NON_ASCII = /[\u0080-\uffff]/;

/** The words of a name, without accents, lower-cased: 'Saint-Étienne' → ['saint', 'etienne']. */
function plainWords(text: string): string[] {
  let plain = text.toLowerCase();
  // Most names are plain ASCII: only the others need the (slower) Unicode decomposition.
  if (NON_ASCII.test(plain)) {
    plain = plain
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replaceAll('œ', 'oe')
      .replaceAll('æ', 'ae');
  }
  return plain.split(/[^a-z0-9]+/).filter(Boolean);
}

const expand = (word: string) => ABBREVIATIONS[word] ?? word;
const words = (text: string) => plainWords(text).map(expand);

/** The equality key of a name: its words with nothing between them ('lhaylesroses'). */
export function placeKey(text: string): string {
  return words(text).join('');
}

export interface NameKeys {
  /** The words separated by one space ('saint etienne'): 'sainte' does not start it. */
  search: string;
  /** The search keys from each later word on: 'Saint-Denis' → ['denis']. */
  inner: string[];
  /** The equality key (placeKey). */
  squeezed: string;
}

/** The keys under which a place name is indexed. */
export function nameKeys(name: string): NameKeys {
  const all = words(name);
  return {
    search: all.join(' '),
    inner: all.slice(1).map((_, index) => all.slice(index + 1).join(' ')),
    squeezed: all.join(''),
  };
}

/**
 * The search keys a typed query may be the start of. 'st' or 'ste' typed last may also be the
 * start of a word ('Stenay', 'Steenvoorde'), so the query is tried both ways.
 */
export function querySearchKeys(text: string): string[] {
  const plain = plainWords(text);
  const expanded = plain.map(expand).join(' ');
  const last = plain.at(-1);
  if (last === undefined) return [];
  if (!(last in ABBREVIATIONS)) return [expanded];
  return [expanded, [...plain.slice(0, -1).map(expand), last].join(' ')];
}
