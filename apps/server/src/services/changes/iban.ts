// The IBAN check of the payment-details form (docs/product/changes.md POST …/iban/{iban}). Enforces: spaces
// and case do not matter; a value that is not an IBAN is InvalidInputError, and an IBAN of a
// country outside SEPA is NotPermittedError (docs/decisions/README.md (deviations): any SEPA country is
// accepted), each with the docs/product/changes.md message on the `iban` field.
import { checkIban, ibanCheckMessage, normalizeIban } from '@espace/contract';
import { InvalidInputError, NotPermittedError } from '../errors';

export function requireUsableIban(typed: string): void {
  const check = checkIban(normalizeIban(typed));
  const message = ibanCheckMessage(check);
  if (check === 'invalid' && message) throw new InvalidInputError(message, { iban: message });
  if (check === 'not-sepa' && message) throw new NotPermittedError(message, { iban: message });
}
