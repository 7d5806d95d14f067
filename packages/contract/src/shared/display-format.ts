// Display formats shared by the screens and the server, in a module of their own with no
// dependency: the policies screen, the first after sign-in, uses them without loading the IBAN
// check (ibantools) or the termination error parsing (zod) (docs/architecture.md "Performance
// choices").

// Made on first use, not when the module loads: a page's first Intl object initialises the
// browser's ICU (format.ts), which the policies screen needs only for a pending termination.
let parisDateTime: Intl.DateTimeFormat | undefined;

/** The parts of an instant in Paris time (day, month, year, hour, minute). */
function parisParts(iso: string): (type: Intl.DateTimeFormatPartTypes) => string {
  parisDateTime ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts = parisDateTime.formatToParts(new Date(iso));
  return (type) => parts.find((p) => p.type === type)?.value ?? '';
}

const hourOf = (part: (type: Intl.DateTimeFormatPartTypes) => string) =>
  `${part('hour')}:${part('minute')}`;

/** '2026-11-22T13:05:00Z' → '22.11.2026 à 14:05' (Paris time). */
export function formatReceivedAt(iso: string): string {
  const part = parisParts(iso);
  return `${part('day')}.${part('month')}.${part('year')} à ${hourOf(part)}`;
}

/** '2026-11-22T13:05:00Z' → '14:05': the hour in Paris time, as formatReceivedAt says it. */
export function formatParisTime(iso: string): string {
  return hourOf(parisParts(iso));
}

/** 'fr76 3000 6000…' → 'FR763000600…'; \s also removes the no-break spaces of pasted text. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

const groupsOfFour = (text: string) => text.match(/.{1,4}/g)?.join(' ') ?? '';

/** Groups of four for display while typing: 'FR7630006000…' → 'FR76 3000 6000 …'. */
export function formatIbanGroups(raw: string): string {
  return groupsOfFour(normalizeIban(raw));
}

/**
 * The IBAN shown on a card until the customer reveals it: its country code and last
 * four characters, the rest as '•', in the same groups of four.
 */
export function maskIban(raw: string): string {
  const iban = normalizeIban(raw);
  if (iban.length <= 6) return groupsOfFour(iban);
  return groupsOfFour(iban.slice(0, 2) + '•'.repeat(iban.length - 6) + iban.slice(-4));
}
