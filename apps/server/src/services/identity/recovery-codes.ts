// New recovery codes for the second factor of their owner, customer or staff member
// ('Mon compte' › « Sécurité », the console's « Mon compte »;
// docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md). Enforces:
// - only with a second factor on (409 otherwise); a fresh proof first (step-up.ts, checked by
//   the routes): the codes are a way in past the code step;
// - the new codes replace every old one, used or not, and are answered once (only their SHA-256
//   is kept, totp.ts);
// - the change is mailed with its « Ce n’était pas moi » link in its transaction; undoing it
//   drops these codes (whoever saw them has them), if they are still the owner's.
import { SECOND_FACTOR_MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { ConflictError } from '../errors';
import { withIdentityChange, type IdentityChangeDeps } from './identity-changes';
import type { IdentityOwner } from './owner';
import { renewRecoveryCodes } from './totp';

/** The new codes, shown once; `also` writes the caller's own trace in the same transaction. */
export function renewOwnersRecoveryCodes(
  deps: IdentityChangeDeps,
  caller: { owner: IdentityOwner; userAgent: string | undefined },
  also?: (trx: Db) => Promise<void>,
): Promise<string[]> {
  const change = { kind: 'recovery_codes_renewed', userAgent: caller.userAgent } as const;
  return withIdentityChange(deps, caller.owner, change, async (trx) => {
    const renewed = await renewRecoveryCodes(trx, caller.owner);
    if (!renewed) throw new ConflictError(SECOND_FACTOR_MESSAGES.notOn);
    await also?.(trx);
    return { value: renewed.codes, target: renewed.fingerprint };
  });
}
