// Whose identity: a customer's account or a staff member. Passwords, second factors, passkeys,
// sessions and sign-in records are written once in this folder for both, parameterised by this
// owner; the two populations differ only in the tables that hold them and in who may see them.
export type IdentityOwner = { accountId: string } | { staffId: string };

export const isStaff = (owner: IdentityOwner): owner is { staffId: string } => 'staffId' in owner;

/** The owner's id in its own table. */
export const ownerId = (owner: IdentityOwner) => (isStaff(owner) ? owner.staffId : owner.accountId);

/** A key naming the owner among both populations: the account's id, or `staff:` + the id. */
export const ownerKey = (owner: IdentityOwner) =>
  isStaff(owner) ? `staff:${owner.staffId}` : owner.accountId;
