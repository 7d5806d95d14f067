// A staff member's passkeys (docs/console.md « Mon compte », « Connexion »;
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): the customers' passkey
// service (services/account/passkeys.ts) with the member as owner. Adding one in the console;
// at sign-in, the second factor instead of a code: the options list the member's own passkeys
// only, and the answer is checked against them only, bound to the console's sign-in interaction.
import {
  generateAuthenticationOptions,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client';
import {
  ownersPasskeys,
  registrationOptions,
  rpOf,
  verifyPasskey,
  type RelyingParty,
} from '../account/passkeys';
import { storeChallenge } from '../account/webauthn-challenges';

const staffSignInKey = (interactionUid: string) => `staff-sign-in:${interactionUid}`;

/** The options of `startRegistration` for a staff member, their passkeys excluded. */
export async function staffPasskeyRegistrationOptions(
  db: Db,
  rp: RelyingParty,
  staff: { id: string; email: string; displayName: string },
) {
  return registrationOptions(
    db,
    rp,
    { staffId: staff.id },
    { name: staff.email, displayName: staff.displayName },
  );
}

/**
 * The options of `startAuthentication` for a staff member's second factor in the console's
 * sign-in interaction: their own passkeys only; undefined when they have none.
 */
export async function staffPasskeyOptions(
  db: Db,
  rp: RelyingParty,
  interactionUid: string,
  staffId: string,
) {
  const existing = await ownersPasskeys(db, { staffId });
  if (!existing.length) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: rpOf(rp).rpID,
    userVerification: 'preferred',
    allowCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
  });
  await storeChallenge(db, staffSignInKey(interactionUid), options.challenge);
  return options;
}

/** True when the answer is signed by a passkey of this staff member, for this interaction. */
export async function verifyStaffPasskey(
  db: Db,
  rp: RelyingParty,
  interactionUid: string,
  staffId: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const passkey = await verifyPasskey(db, rp, staffSignInKey(interactionUid), response, {
    staffId,
  });
  return passkey !== undefined;
}
