// Customers' passkeys (WebAuthn with @simplewebauthn/server;
// docs/decisions/0116-passkeys-through-the-embedded-provider.md). Enforces:
// - the relying party is the portal's host (PUBLIC_URL), the origin its origin: a passkey made
//   for another site, or answered to another origin, is refused by the library's checks;
// - every ceremony answers the challenge the server stored for it (webauthn-challenges.ts), used
//   once: adding one is bound to the signed-in account, a sign-in to its provider interaction;
// - a passkey signs in only the account it was added to: the account is read from the stored
//   credential, never from what the browser says, and the signature is checked with its key;
// - a passkey is a customer's or a staff member's (services/staff/staff-passkeys.ts, decision
//   0122), never both: a staff member's never signs a customer in;
// - its signature counter only goes up (a cloned authenticator is refused when it counts);
// - the name is the device it was added on (the user agent's label), the list is the caller's
//   only, and removing one of another account is « introuvable » (404).
import { PASSKEY_MESSAGES, type Passkey } from '@espace/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client';
import { storeChallenge, takeChallenge } from './webauthn-challenges';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { deviceLabel } from './device-label';

export interface RelyingParty {
  /** PUBLIC_URL: its host is the RP ID, its origin the expected origin. */
  publicUrl: string;
  /** The brand's name, shown by the authenticator. */
  name: string;
}

export const rpOf = (rp: RelyingParty) => {
  const url = new URL(rp.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

/** Whose passkeys: a customer's account or a staff member. */
export type PasskeyOwner = { accountId: string } | { staffId: string };

const ownerColumn = (owner: PasskeyOwner) =>
  'accountId' in owner ? ('account_id' as const) : ('staff_id' as const);
const ownerId = (owner: PasskeyOwner) => ('accountId' in owner ? owner.accountId : owner.staffId);
const ownerValues = (owner: PasskeyOwner) =>
  'accountId' in owner
    ? { account_id: owner.accountId, staff_id: null }
    : { account_id: null, staff_id: owner.staffId };

const registerKey = (owner: PasskeyOwner) =>
  'accountId' in owner ? `register:${owner.accountId}` : `register:staff:${owner.staffId}`;
const signInKey = (interactionUid: string) => `sign-in:${interactionUid}`;

export const ownersPasskeys = (db: Db, owner: PasskeyOwner) =>
  db
    .selectFrom('passkeys')
    .select(['id', 'transports'])
    .where(ownerColumn(owner), '=', ownerId(owner))
    .execute();

/** The options of `startRegistration` for the owner, its passkeys excluded. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  owner: PasskeyOwner,
  user: { name: string; displayName: string },
) {
  const existing = await ownersPasskeys(db, owner);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rpOf(rp).rpID,
    userName: user.name,
    userID: new TextEncoder().encode(
      'accountId' in owner ? owner.accountId : `staff:${owner.staffId}`,
    ),
    userDisplayName: user.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const accountId = 'accountId' in owner ? owner.accountId : undefined;
  await storeChallenge(db, registerKey(owner), options.challenge, accountId);
  return options;
}

/** The options of `startRegistration` for the account, its passkeys excluded. */
export async function passkeyRegistrationOptions(db: Db, rp: RelyingParty, accountId: string) {
  const account = await db
    .selectFrom('accounts')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return registrationOptions(
    db,
    rp,
    { accountId },
    {
      name: account.email,
      displayName: `${account.first_name} ${account.last_name}`.trim(),
    },
  );
}

/** Verifies the browser's answer and keeps the passkey, named after the device. */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  caller: { owner: PasskeyOwner; userAgent: string | undefined },
  response: RegistrationResponseJSON,
): Promise<Passkey> {
  const challenge = await takeChallenge(db, registerKey(caller.owner));
  if (!challenge) throw new InvalidInputError(PASSKEY_MESSAGES.expired);
  const { rpID, origin } = rpOf(rp);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw new InvalidInputError(PASSKEY_MESSAGES.refused);
  }
  if (!verified.verified || !verified.registrationInfo)
    throw new InvalidInputError(PASSKEY_MESSAGES.refused);
  const { credential } = verified.registrationInfo;
  const row = await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      ...ownerValues(caller.owner),
      public_key: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name: deviceLabel(caller.userAgent),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
  if (!row) throw new ConflictError(PASSKEY_MESSAGES.alreadyAdded);
  return toPasskey(row);
}

const toPasskey = (row: {
  id: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

export async function listPasskeys(db: Db, owner: PasskeyOwner): Promise<Passkey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where(ownerColumn(owner), '=', ownerId(owner))
    .orderBy('created_at')
    .execute();
  return rows.map(toPasskey);
}

export async function removePasskey(db: Db, owner: PasskeyOwner, id: string): Promise<void> {
  const removed = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where(ownerColumn(owner), '=', ownerId(owner))
    .executeTakeFirst();
  if (!removed.numDeletedRows) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
}

/** The options of `startAuthentication` for a sign-in interaction (any passkey of this site). */
export async function passkeySignInOptions(db: Db, rp: RelyingParty, interactionUid: string) {
  const options = await generateAuthenticationOptions({
    rpID: rpOf(rp).rpID,
    userVerification: 'preferred',
  });
  await storeChallenge(db, signInKey(interactionUid), options.challenge);
  return options;
}

/** The account of the passkey the browser's answer names, once its signature is checked. */
export async function verifyPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  interactionUid: string,
  response: AuthenticationResponseJSON,
): Promise<string | undefined> {
  const passkey = await verifyPasskey(db, rp, signInKey(interactionUid), response);
  return passkey?.account_id ?? undefined;
}

/** The stored passkey (of `owner` when given, else a customer's) that signed the challenge. */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  challengeKey: string,
  response: AuthenticationResponseJSON,
  owner?: PasskeyOwner,
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

/** Passkeys' rows of the account go with its online access (delete-account.ts). */
export async function erasePasskeys(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('account_id', '=', accountId).execute();
  await db.deleteFrom('webauthn_challenges').where('account_id', '=', accountId).execute();
}
