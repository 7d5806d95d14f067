// IBAN handling of SPEC §5 "Change payment" and §7 (POST …/iban/{iban}).
//
// Enforces: spaces never matter (SPEC §5 removes them before the check); any SEPA country is
// accepted, not only France (ARCHITECTURE.md deviations: EU regulation 260/2012 forbids IBAN
// discrimination); a well-formed IBAN of a country outside SEPA is told apart from a wrong one,
// because the API answers 400 for the first case and 403 for the second (SPEC §7, §8).
import { isSEPACountry, isValidIBAN } from 'ibantools';
import { IBAN_MESSAGES } from './messages-changes';

/** 'fr76 3000 6000…' → 'FR763000600…'; \s also removes the no-break spaces of pasted text. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four for display while typing: 'FR7630006000…' → 'FR76 3000 6000 …'. */
export function formatIbanGroups(raw: string): string {
  return (
    normalizeIban(raw)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/**
 * Issue 15: the IBAN shown on a card until the customer reveals it: its country code and last
 * four characters, the rest as '•', in the same groups of four.
 */
export function maskIban(raw: string): string {
  const iban = normalizeIban(raw);
  if (iban.length <= 6) return formatIbanGroups(iban);
  const masked = iban.slice(0, 2) + '•'.repeat(iban.length - 6) + iban.slice(-4);
  return masked.match(/.{1,4}/g)?.join(' ') ?? '';
}

export type IbanCheck = 'valid' | 'invalid' | 'not-sepa';

/** 'invalid': not an IBAN (length, checksum, format); 'not-sepa': an IBAN unusable for a SEPA debit. */
export function checkIban(raw: string): IbanCheck {
  const iban = normalizeIban(raw);
  if (!isValidIBAN(iban)) return 'invalid';
  return isSEPACountry(iban.slice(0, 2)) ? 'valid' : 'not-sepa';
}

/** SPEC §8: the French text for a failed check (400 incorrect, 403 not usable), null when valid. */
export function ibanCheckMessage(check: IbanCheck): string | null {
  if (check === 'invalid') return IBAN_MESSAGES.incorrect;
  if (check === 'not-sepa') return IBAN_MESSAGES.notUsable;
  return null;
}
