// The IBAN check of the payment-details form (SPEC §7 POST …/iban/{iban}, §8). Enforces: spaces
// and case do not matter; a value that is not an IBAN is InvalidInputError, and an IBAN of a
// country outside SEPA is NotPermittedError (ARCHITECTURE.md deviations: any SEPA country is
// accepted), each with the SPEC §8 message on the `iban` field.
import { checkIban, ibanCheckMessage, normalizeIban } from '@espace/contract';
import { InvalidInputError, NotPermittedError } from '../errors';

export function requireUsableIban(typed: string): void {
  const check = checkIban(normalizeIban(typed));
  const message = ibanCheckMessage(check);
  if (check === 'invalid' && message) throw new InvalidInputError(message, { iban: message });
  if (check === 'not-sepa' && message) throw new NotPermittedError(message, { iban: message });
}
