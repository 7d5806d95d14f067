// The policy card's display formats. They copy the contract's formatReceivedAt, formatIbanGroups
// and maskIban (card-format.test.ts holds them equal) because the contract modules that define
// those also bring the termination error parsing (zod) and the IBAN check (ibantools), which the
// policies screen, the first one after sign-in, must not load (docs/architecture.md
// "Performance choices").

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '2026-11-22T13:05:00Z' → '22.11.2026 à 14:05' (Paris time). */
export function formatReceivedAt(iso: string): string {
  const parts = parisDateTime.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} à ${part('hour')}:${part('minute')}`;
}

const groupsOfFour = (text: string) => text.match(/.{1,4}/g)?.join(' ') ?? '';
const normalizeIban = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** 'FR7630006000…' → 'FR76 3000 6000 …'. */
export function formatIbanGroups(raw: string): string {
  return groupsOfFour(normalizeIban(raw));
}

/** Issue 15: the country code and last four characters, the rest as '•', in groups of four. */
export function maskIban(raw: string): string {
  const iban = normalizeIban(raw);
  if (iban.length <= 6) return groupsOfFour(iban);
  return groupsOfFour(iban.slice(0, 2) + '•'.repeat(iban.length - 6) + iban.slice(-4));
}
