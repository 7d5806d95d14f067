// Passkeys of customers and staff (owner.ts; WebAuthn with @simplewebauthn/server;
// docs/decisions/0116-passkeys-through-the-embedded-provider.md, 0122): adding, listing and
// removing them (told to the owner by passkey-changes.ts); their checks at a sign-in are
// passkey-checks.ts's. Enforces:
// - the relying party is the portal's host (PUBLIC_URL), the origin its origin: a passkey made
//   for another site, or answered to another origin, is refused by the library's checks;
// - every ceremony answers the challenge the server stored for it (webauthn-challenges.ts), used
//   once: adding one is bound to the signed-in account, a sign-in to its provider interaction;
// - a passkey signs in only the account it was added to: the account is read from the stored
//   credential, never from what the browser says, and the signature is checked with its key;
// - a passkey is a customer's or a staff member's, never both: a staff member's never signs a
//   customer in, and a staff member's sign-in takes their own passkeys only;
// - its signature counter only goes up (a cloned authenticator is refused when it counts);
// - the name is the device it was added on (the user agent's label), the list is the caller's
//   only, and removing one of another account is « introuvable » (404);
// - each keeps the provider session that added it (`added_from_sid`), so that ending sessions
//   lists what they added (`passkeysAddedFrom`).
import { PASSKEY_MESSAGES, type Passkey } from '@espace/contract';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { deviceLabel } from './device-label';
import { isStaff, ownerId, ownerKey, type IdentityOwner } from './owner';
import { storeChallenge, takeChallenge } from './webauthn-challenges';

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

export const ownerColumn = (owner: IdentityOwner) =>
  isStaff(owner) ? ('staff_id' as const) : ('account_id' as const);
const ownerValues = (owner: IdentityOwner) =>
  isStaff(owner)
    ? { account_id: null, staff_id: owner.staffId }
    : { account_id: owner.accountId, staff_id: null };

const registerKey = (owner: IdentityOwner) => `register:${ownerKey(owner)}`;

export const ownersPasskeys = (db: Db, owner: IdentityOwner) =>
  db
    .selectFrom('passkeys')
    .select(['id', 'transports'])
    .where(ownerColumn(owner), '=', ownerId(owner))
    .execute();

/** The name and display name the authenticator keeps for the owner. */
async function userOf(db: Db, owner: IdentityOwner) {
  if (isStaff(owner)) {
    const staff = await db
      .selectFrom('staff_accounts')
      .select(['email', 'display_name'])
      .where('id', '=', owner.staffId)
      .executeTakeFirstOrThrow();
    return { name: staff.email, displayName: staff.display_name };
  }
  const account = await db
    .selectFrom('accounts')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', owner.accountId)
    .executeTakeFirstOrThrow();
  return { name: account.email, displayName: `${account.first_name} ${account.last_name}`.trim() };
}

/** The options of `startRegistration` for the owner, its passkeys excluded. */
export async function passkeyRegistrationOptions(db: Db, rp: RelyingParty, owner: IdentityOwner) {
  const existing = await ownersPasskeys(db, owner);
  const user = await userOf(db, owner);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rpOf(rp).rpID,
    userName: user.name,
    userID: new TextEncoder().encode(ownerKey(owner)),
    userDisplayName: user.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const accountId = isStaff(owner) ? undefined : owner.accountId;
  await storeChallenge(db, registerKey(owner), options.challenge, accountId);
  return options;
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

type NewCredential = NonNullable<
  Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo']
>['credential'];

/** Verifies the browser's answer to the owner's challenge (spent, right or wrong). */
export async function verifyNewPasskey(
  db: Db,
  rp: RelyingParty,
  owner: IdentityOwner,
  response: RegistrationResponseJSON,
): Promise<NewCredential> {
  const challenge = await takeChallenge(db, registerKey(owner));
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
  return verified.registrationInfo.credential;
}

/** Keeps a verified passkey, named after the device. */
export async function storePasskey(
  db: Db,
  caller: {
    owner: IdentityOwner;
    userAgent: string | undefined;
    /** The provider session that adds it (listed with that session's additions). */
    sid?: string | undefined;
  },
  credential: NewCredential,
): Promise<Passkey> {
  const row = await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      ...ownerValues(caller.owner),
      public_key: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name: deviceLabel(caller.userAgent),
      added_from_sid: caller.sid ?? null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
  if (!row) throw new ConflictError(PASSKEY_MESSAGES.alreadyAdded);
  return toPasskey(row);
}

export async function listPasskeys(db: Db, owner: IdentityOwner): Promise<Passkey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where(ownerColumn(owner), '=', ownerId(owner))
    .orderBy('created_at')
    .execute();
  return rows.map(toPasskey);
}

/**
 * The owner's passkeys added from the provider sessions `sids` (their `added_from_sid`): what
 * ending those sessions lists, for the owner to keep or remove (docs/decisions/0141).
 */
export async function passkeysAddedFrom(
  db: Db,
  owner: IdentityOwner,
  sids: string[],
): Promise<Passkey[]> {
  if (!sids.length) return [];
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where(ownerColumn(owner), '=', ownerId(owner))
    .where('added_from_sid', 'in', sids)
    .orderBy('created_at')
    .execute();
  return rows.map(toPasskey);
}

export async function removePasskey(db: Db, owner: IdentityOwner, id: string): Promise<void> {
  const removed = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where(ownerColumn(owner), '=', ownerId(owner))
    .executeTakeFirst();
  if (!removed.numDeletedRows) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
}

/** Passkeys' rows of the account go with its online access (delete-account.ts). */
export async function erasePasskeys(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('account_id', '=', accountId).execute();
  await db.deleteFrom('webauthn_challenges').where('account_id', '=', accountId).execute();
}
