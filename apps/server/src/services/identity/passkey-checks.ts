// A passkey proving who someone is (passkeys.ts adds them; docs/decisions/0116, 0122): the
// customers' sign-in by passkey, any passkey of this site (the account is read from the stored
// credential, never from what the browser says), and a staff member's second factor at their
// sign-in, their own passkeys only. Enforces:
// - every ceremony answers the challenge the server stored for it under its purpose's key
//   (webauthn-challenges.ts), used once;
// - the signature is checked with the stored key of the credential the answer names, of the
//   owner when one is given, else a customer's: another's passkey (a customer's or a
//   colleague's) never stands for a staff member's;
// - its signature counter only goes up (a cloned authenticator is refused when it counts), and
//   its last use is written.
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client';
import { ownerId, ownerKey, type IdentityOwner } from './owner';
import { ownerColumn, ownersPasskeys, rpOf, type RelyingParty } from './passkeys';
import { storeChallenge, takeChallenge } from './webauthn-challenges';

/** The challenge's key of a sign-in interaction, bound to the owner when one is expected. */
const signInKey = (interactionUid: string, owner?: IdentityOwner) =>
  owner ? `sign-in:${interactionUid}|${ownerKey(owner)}` : `sign-in:${interactionUid}`;

/**
 * The options of `startAuthentication` for a sign-in interaction: any passkey of this site, or
 * the owner's own when given (undefined when they have none).
 */
export async function passkeySignInOptions(
  db: Db,
  rp: RelyingParty,
  interactionUid: string,
  owner?: IdentityOwner,
) {
  return passkeyChallenge(db, rp, signInKey(interactionUid, owner), owner);
}

/** Options for a challenge kept under `key`: the owner's passkeys only when one is given. */
export async function passkeyChallenge(
  db: Db,
  rp: RelyingParty,
  key: string,
  owner?: IdentityOwner,
) {
  const existing = owner ? await ownersPasskeys(db, owner) : undefined;
  if (existing && !existing.length) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: rpOf(rp).rpID,
    userVerification: 'preferred',
    ...(existing
      ? { allowCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })) }
      : {}),
  });
  await storeChallenge(db, key, options.challenge);
  return options;
}

/**
 * The stored passkey that signed the interaction's challenge: of `owner` when given (a staff
 * member's second factor), else a customer's (the customers' sign-in); undefined when refused.
 */
export const verifyPasskeySignIn = (
  db: Db,
  rp: RelyingParty,
  interactionUid: string,
  response: AuthenticationResponseJSON,
  owner?: IdentityOwner,
) => verifyPasskey(db, rp, signInKey(interactionUid, owner), response, owner);

/** The stored passkey (of `owner` when given, else a customer's) that signed the challenge. */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  challengeKey: string,
  response: AuthenticationResponseJSON,
  owner?: IdentityOwner,
) {
  const challenge = await takeChallenge(db, challengeKey);
  if (!challenge) return undefined;
  const passkey = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', response.id)
    .where((eb) =>
      owner ? eb(ownerColumn(owner), '=', ownerId(owner)) : eb('account_id', 'is not', null),
    )
    .executeTakeFirst();
  if (!passkey) return undefined;
  const { rpID, origin } = rpOf(rp);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
    });
  } catch {
    return undefined;
  }
  if (!verified.verified) return undefined;
  await db
    .updateTable('passkeys')
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: new Date() })
    .where('id', '=', passkey.id)
    .execute();
  return passkey;
}
