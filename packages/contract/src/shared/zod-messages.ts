// French texts for zod's own checks, for every schema at once
// (docs/decisions/0090-french-validation-and-operation-ids.md).
// A schema of the contract names its own message where a field needs one (« Cette date doit être
// au format AAAA-MM-JJ. »); whatever it leaves to zod (a null body, a wrong type, an unknown
// status, a number out of range, an unknown key, a missing field) would otherwise read zod's
// English (« Invalid input: expected object, received null ») and reach a client through the
// error handler's `fields`, the import's refusals or a form. zod.ts, from which every schema of
// the contract takes `z`, installs `zodIssueMessage` as zod's `customError` when it loads: in the
// server, its command-line tools, the portal's and the console's forms, in development and in
// their bundles. zod's own French locale (`z.locales.fr()`) was not taken: « Trop petit : valeur
// doit être >=1 », « Entrée invalide : objet attendu, null reçu », straight quotes, no no-break
// spaces.
import type { $ZodRawIssue } from 'zod/v4/core';

const number = (value: number | bigint) => value.toLocaleString('fr-FR');
const plural = (count: number | bigint, word: string) =>
  `${number(count)} ${word}${Number(count) > 1 ? 's' : ''}`;
const quoted = (value: unknown) =>
  typeof value === 'string' ? `«\u00a0${clip(value)}\u00a0»` : String(value);
/**
 * A key or value the client sent, shortened (the message is read beside a field), its control
 * characters and bidi overrides shown as � (safe-text.ts refuses them in a value).
 */
const clip = (text: string) =>
  (text.length > 40 ? `${text.slice(0, 40)}…` : text).replace(
    /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu,
    '\ufffd',
  );
/** At most 20 values, then how many more. */
const list = (values: readonly unknown[]) =>
  values.length > 20
    ? `${values.slice(0, 20).map(quoted).join(', ')} et ${number(values.length - 20)} autres`
    : values.map(quoted).join(', ');

/** What a value of each type zod names is, as « Valeur attendue : … ». */
const EXPECTED: Record<string, string> = {
  string: 'une chaîne de caractères',
  number: 'un nombre',
  int: 'un nombre entier',
  bigint: 'un nombre entier',
  boolean: 'un booléen (true ou false)',
  date: 'une date',
  array: 'un tableau',
  tuple: 'un tableau',
  object: 'un objet',
  record: 'un objet',
  map: 'un objet',
  set: 'un ensemble',
  file: 'un fichier',
  null: 'null',
};

/** What the client sent instead, by its JSON type (never the value itself). */
function received(input: unknown): string | undefined {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'un tableau';
  switch (typeof input) {
    case 'string':
      return 'une chaîne de caractères';
    case 'number':
      return Number.isFinite(input) ? 'un nombre' : undefined;
    case 'boolean':
      return 'un booléen';
    case 'object':
      return 'un objet';
    default:
      return undefined;
  }
}

/** The names of the formats zod checks, as « Format attendu : … ». */
const FORMATS: Record<string, string> = {
  email: 'une adresse e-mail',
  url: 'une adresse web (URL)',
  date: 'une date AAAA-MM-JJ',
  datetime: 'une date et une heure ISO 8601 (2026-03-01T09:30:00Z)',
  time: 'une heure HH:MM ou HH:MM:SS',
  duration: 'une durée ISO 8601 (P1D)',
  uuid: 'un identifiant UUID',
  uuidv4: 'un identifiant UUID',
  uuidv6: 'un identifiant UUID',
  guid: 'un identifiant UUID',
  base64: 'un contenu encodé en base64',
  base64url: 'un contenu encodé en base64url',
  json_string: 'un texte JSON',
  e164: 'un numéro de téléphone international (+33…)',
  ipv4: 'une adresse IPv4',
  ipv6: 'une adresse IPv6',
  iban: 'un IBAN',
  jwt: 'un jeton JWT',
  currency_code: 'un code de devise ISO 4217',
};

export const ZOD_MESSAGES = {
  required: 'Ce champ est obligatoire.',
  absent: 'Ce champ n’est pas accepté.',
  invalid: 'Cette valeur n’est pas valide.',
  emptyText: 'Ce texte ne peut pas être vide.',
  emptyList: 'Cette liste ne peut pas être vide.',
  noUnionMatch: 'Cette valeur ne correspond à aucune des formes acceptées.',
  manyUnionMatches: 'Cette valeur correspond à plusieurs formes à la fois.',
  format: 'Le format de cette valeur n’est pas valide.',
  invalidKey: 'Ce nom de champ n’est pas accepté.',
  invalidElement: 'Un élément de cet ensemble n’est pas valide.',
} as const;

type Issue = $ZodRawIssue;
const MISSING_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  const { expected, input } = issue;
  if (expected === 'nonoptional') return ZOD_MESSAGES.required;
  if (expected === 'undefined' || expected === 'never' || expected === 'void')
    return ZOD_MESSAGES.absent;
  const wanted = EXPECTED[expected];
  if (!wanted) return ZOD_MESSAGES.invalid;
  const got = received(input);
  // A number where an integer is expected: « reçue : un nombre » would say nothing.
  if (!got || (expected === 'int' && typeof input === 'number'))
    return `Valeur attendue\u00a0: ${wanted}.`;
  return `Valeur attendue\u00a0: ${wanted}. Valeur reçue\u00a0: ${got}.`;
}

const frenchDate = (value: number | bigint) =>
  new Date(Number(value)).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

function size(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  const bound = issue.exact ? 'exactement' : small ? 'au moins' : 'au plus';
  switch (issue.origin) {
    case 'string':
      if (small && !issue.exact && Number(limit) <= 1) return ZOD_MESSAGES.emptyText;
      return `Ce texte doit compter ${bound} ${plural(limit, 'caractère')}.`;
    case 'array':
    case 'set':
      if (small && !issue.exact && Number(limit) <= 1) return ZOD_MESSAGES.emptyList;
      return `Cette liste doit compter ${bound} ${plural(limit, 'élément')}.`;
    case 'map':
      return `Cet objet doit compter ${bound} ${plural(limit, 'entrée')}.`;
    case 'file':
      return `Ce fichier doit peser ${bound} ${plural(limit, 'octet')}.`;
    case 'date':
      return `Cette date doit tomber ${small ? 'au plus tôt' : 'au plus tard'} le ${frenchDate(limit)}.`;
    default: {
      if (issue.exact) return `Cette valeur doit être égale à ${number(limit)}.`;
      const than = small ? 'supérieure' : 'inférieure';
      return `Cette valeur doit être ${than}${inclusive ? ' ou égale' : ''} à ${number(limit)}.`;
    }
  }
}

function format(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  const raw = issue as unknown as { prefix?: string; suffix?: string; includes?: string };
  switch (issue.format) {
    case 'starts_with':
      return `Cette valeur doit commencer par ${quoted(raw.prefix)}.`;
    case 'ends_with':
      return `Cette valeur doit finir par ${quoted(raw.suffix)}.`;
    case 'includes':
      return `Cette valeur doit contenir ${quoted(raw.includes)}.`;
    default: {
      const name = FORMATS[issue.format];
      return name ? `Format attendu\u00a0: ${name}.` : ZOD_MESSAGES.format;
    }
  }
}

function union(issue: Extract<Issue, { code: 'invalid_union' }>): string {
  if (issue.inclusive === false) return ZOD_MESSAGES.manyUnionMatches;
  if ('options' in issue && issue.options?.length)
    return `Valeur non reconnue. Valeurs possibles\u00a0: ${list(issue.options)}.`;
  return ZOD_MESSAGES.noUnionMatch;
}

/** The French message of an issue whose schema names none (zod's `customError`). */
export function zodIssueMessage(issue: Issue): string {
  // A missing field, whatever it should have held: a value, one of a list, one of a union.
  if (issue.input === undefined && MISSING_CODES.has(issue.code ?? ''))
    return ZOD_MESSAGES.required;
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_small':
    case 'too_big':
      return size(issue);
    case 'invalid_format':
      return format(issue);
    case 'invalid_value':
      return issue.values.length === 1
        ? `Valeur attendue\u00a0: ${quoted(issue.values[0])}.`
        : `Valeur non reconnue. Valeurs possibles\u00a0: ${list(issue.values)}.`;
    case 'not_multiple_of':
      return `Cette valeur doit être un multiple de ${number(issue.divisor)}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Champ inconnu\u00a0: ${quoted(issue.keys[0])}.`
        : `Champs inconnus\u00a0: ${list(issue.keys)}.`;
    case 'invalid_union':
      return union(issue);
    case 'invalid_key':
      return ZOD_MESSAGES.invalidKey;
    case 'invalid_element':
      return ZOD_MESSAGES.invalidElement;
    default:
      return ZOD_MESSAGES.invalid;
  }
}
