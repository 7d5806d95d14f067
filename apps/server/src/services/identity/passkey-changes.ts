// A passkey added or removed by its owner, customer or staff member, told to them
// (docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md): the change of
// passkeys.ts, its identity_changes row and its mail in one transaction (identity-changes.ts),
// with `also`, the caller's own trace (the staff journal), in it too. Adding one asks for a fresh
// proof first (step-up.ts, checked by the routes).
import type { Passkey } from '@espace/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../../db/client';
import { withIdentityChange, type IdentityChangeDeps } from './identity-changes';
import type { IdentityOwner } from './owner';
import { removePasskey, storePasskey, verifyNewPasskey, type RelyingParty } from './passkeys';

export interface PasskeyCaller {
  owner: IdentityOwner;
  userAgent: string | undefined;
  /** The provider session that adds it (listed with that session's additions). */
  sid?: string | undefined;
}

type Also<T> = (trx: Db, value: T) => Promise<void>;

/**
 * Adds the passkey, records and mails the change; its undo removes this passkey. The challenge
 * is spent before, whatever comes next.
 */
export async function addOwnersPasskey(
  deps: IdentityChangeDeps,
  rp: RelyingParty,
  caller: PasskeyCaller,
  response: RegistrationResponseJSON,
  also?: Also<Passkey>,
): Promise<Passkey> {
  const credential = await verifyNewPasskey(deps.db, rp, caller.owner, response);
  const change = { kind: 'passkey_added', userAgent: caller.userAgent } as const;
  return withIdentityChange(deps, caller.owner, change, async (trx) => {
    const passkey = await storePasskey(trx, caller, credential);
    await also?.(trx, passkey);
    return { value: passkey, target: passkey.id };
  });
}

/** Removes one of the owner's passkeys (404 when not theirs), records and mails the change. */
export function removeOwnersPasskey(
  deps: IdentityChangeDeps,
  caller: PasskeyCaller,
  passkeyId: string,
  also?: Also<string>,
): Promise<void> {
  const change = { kind: 'passkey_removed', userAgent: caller.userAgent } as const;
  return withIdentityChange(deps, caller.owner, change, async (trx) => {
    await removePasskey(trx, caller.owner, passkeyId);
    await also?.(trx, passkeyId);
    return { value: undefined };
  });
}
