// The one rule for what never leaves the process in telemetry (docs/operations.md « What the logs
// and traces never hold », docs/decisions/0136-one-redaction-rule-for-logs-and-traces.md): the
// request log's URL (http-server.ts) and every span exported (platform/telemetry/redacting-
// exporter.ts) go through it. Enforces:
// - a URL's query keeps only the values of the few parameters listed below, none of which a
//   customer types or a link carries as a secret: every other value (a reset link's or a staff
//   link's `token`, an authorization `code`, an `id_token_hint`, the address search's `q`, an
//   email…) is `[caché]`, its name kept;
// - a URL's path loses its IBAN (`/iban/:iban`) and any segment holding an email;
// - in any text (a span's attribute, an exception's message, a statement), an email, an IBAN
//   (with or without spaces, checked by its MOD-97 key, so an identifier that merely looks like
//   one stays) and a `Bearer`/`Basic` credential become `[caché]`;
// - an attribute named after an authorization, a cookie or a password is `[caché]` whatever it
//   holds.
export const HIDDEN = '[caché]';

/** Query parameters whose values are kept: paging, skins, filters, the OIDC flow's public part. */
const KEPT_QUERY_PARAMETERS = new Set([
  ...['page', 'pagesize', 'limit', 'offset', 'after', 'sort', 'brand', 'category'],
  ...['kind', 'status', 'age', 'topic', 'show', 'include', 'agent', 'from', 'to', 'issuedon'],
  ...['client_id', 'response_type', 'response_mode', 'scope', 'prompt', 'ui_locales'],
  ...['code_challenge_method', 'redirect_uri', 'post_logout_redirect_uri'],
]);

const EMAIL = /[\w.+%-]+(?:@|%40)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** A run that may hold an IBAN: country, key, then letters or digits, spaces allowed. */
const IBAN_CANDIDATE = /(?<![a-z0-9])[a-z]{2}\d{2}(?:(?: |%20|\+)?[a-z0-9])+/gi;
const SEPARATOR = /^(?: |%20|\+)/;
const CREDENTIAL = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const SECRET_ATTRIBUTE = /authorization|cookie|password|secret|token/i;

/** An IBAN's MOD-97 check (ISO 13616): country and key moved to the end, letters as numbers. */
function isIban(compact: string): boolean {
  const digits = (compact.slice(4) + compact.slice(0, 4))
    .toUpperCase()
    .replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/**
 * `candidate` with its longest start that is an IBAN (15 to 34 characters once the spaces are
 * left out) hidden. The run may go on into the words that follow (« … 189 est »), which are
 * searched again, as is the rest of a run that starts with no IBAN.
 */
function hideIban(candidate: string): string {
  const ends: number[] = [];
  let compact = '';
  for (let i = 0; i < candidate.length && compact.length < 34;) {
    i += SEPARATOR.exec(candidate.slice(i))?.[0].length ?? 0;
    compact += candidate[i];
    ends.push(++i);
  }
  for (let length = compact.length; length >= 15; length--) {
    const next = candidate.slice(ends[length - 1]);
    // An IBAN ends where its run of letters and digits ends, or at a space.
    if (!/^[a-z0-9]/i.test(next) && isIban(compact.slice(0, length)))
      return HIDDEN + hideIbans(next);
  }
  const firstWord = candidate.search(/ |%20|\+/);
  return firstWord < 0
    ? candidate
    : candidate.slice(0, firstWord) + hideIbans(candidate.slice(firstWord));
}

function hideIbans(text: string): string {
  return text.replace(IBAN_CANDIDATE, hideIban);
}

/** `text` without emails, IBANs and credentials. */
export function redactText(text: string): string {
  return hideIbans(text.replace(CREDENTIAL, `$1 ${HIDDEN}`).replace(EMAIL, HIDDEN));
}

/** `text` URL-decoded, or as it is when it is not well encoded. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A query string (without its `?`): only the listed parameters keep their values. */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return redactText(pair);
      const name = pair.slice(0, eq);
      const keep = KEPT_QUERY_PARAMETERS.has(decoded(name).toLowerCase());
      return `${redactText(name)}=${keep ? redactText(pair.slice(eq + 1)) : HIDDEN}`;
    })
    .join('&');
}

/** A URL (absolute, or a path with its query) without secrets or personal data. */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const pathPart = queryAt < 0 ? url : url.slice(0, queryAt);
  const path = redactText(pathPart.replace(/(\/iban\/)[^/]+/gi, `$1${HIDDEN}`))
    .split('/')
    .map((segment) => (segment.includes(HIDDEN) && segment !== HIDDEN ? HIDDEN : segment))
    .join('/');
  if (queryAt < 0) return path;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const fragment = hashAt < 0 ? '' : `#${HIDDEN}`;
  return url[queryAt] === '#' ? `${path}#${HIDDEN}` : `${path}?${redactQuery(query)}${fragment}`;
}

/** Attributes (a span's, an event's) whose value is a URL, a path or a query. */
const URL_ATTRIBUTES = new Set(['url.full', 'http.url', 'http.target', 'url.path', 'http.route']);

/** One attribute's value, redacted by what its name says it holds. */
export function redactAttribute(name: string, value: unknown): unknown {
  if (SECRET_ATTRIBUTE.test(name)) return HIDDEN;
  if (Array.isArray(value)) return value.map((item) => redactAttribute(name, item));
  if (typeof value !== 'string') return value;
  if (name === 'url.query') return redactQuery(value.replace(/^\?/, ''));
  return URL_ATTRIBUTES.has(name) ? redactUrl(value) : redactText(value);
}

/** A copy of `attributes` with each value redacted. */
export function redactAttributes<T extends Record<string, unknown>>(attributes: T): T {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) copy[name] = redactAttribute(name, value);
  return copy as T;
}
