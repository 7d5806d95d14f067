// IBAN handling of docs/product/changes.md "Change payment" (POST …/iban/{iban}).
//
// Enforces: spaces never matter (docs/product/changes.md removes them before the check); any SEPA country is
// accepted, not only France (docs/decisions/README.md (deviations): EU regulation 260/2012 forbids IBAN
// discrimination); a well-formed IBAN of a country outside SEPA is told apart from a wrong one,
// because the API answers 400 for the first case and 403 for the second (docs/product/changes.md).
import { isSEPACountry, isValidIBAN } from 'ibantools';
import { normalizeIban } from '../shared/display-format';
import { IBAN_MESSAGES } from './messages';

export type IbanCheck = 'valid' | 'invalid' | 'not-sepa';

/** 'invalid': not an IBAN (length, checksum, format); 'not-sepa': an IBAN unusable for a SEPA debit. */
export function checkIban(raw: string): IbanCheck {
  const iban = normalizeIban(raw);
  if (!isValidIBAN(iban)) return 'invalid';
  return isSEPACountry(iban.slice(0, 2)) ? 'valid' : 'not-sepa';
}

/** docs/product/changes.md: the French text for a failed check (400 incorrect, 403 not usable), null when valid. */
export function ibanCheckMessage(check: IbanCheck): string | null {
  if (check === 'invalid') return IBAN_MESSAGES.incorrect;
  if (check === 'not-sepa') return IBAN_MESSAGES.notUsable;
  return null;
}
