// A change to a way in, told to its owner (docs/decisions/0140-a-mail-and-an-undo-for-each-change-
// of-a-way-in.md): a passkey added or removed, the second factor turned on or off, new recovery
// codes, the password changed, for customers and staff alike. Enforces:
// - the change, its row in identity_changes and its mail are written in one transaction: no
//   change without its mail, no mail of a change that rolled back;
// - the row keeps what the change added (`target`: the passkey's id, the enrolment's time, the
//   recovery codes' fingerprint), so that « Ce n’était pas moi » (undo-changes.ts) removes that
//   and nothing the owner added since; the device's label, never the whole user agent;
// - its link carries 256 random bits (password-links.ts draws them); only their SHA-256 is kept,
//   for UNDO_LINK_HOURS, and the mail is not sent once the link has expired.
import { randomUUID } from 'node:crypto';
import { UNDO_LINK_HOURS, type IdentityChangeKind } from '@espace/contract';
import type { Db } from '../../db/client';
import { deviceLabel } from './device-label';
import { queueIdentityChangeMail, type IdentityMailDeps } from './identity-change-mail';
import { isStaff, ownerId, type IdentityOwner } from './owner';
import { drawLinkToken } from './password-links';

export interface IdentityChangeDeps extends IdentityMailDeps {
  db: Db;
  /** The absolute link of the « Ce n’était pas moi » page for a token. */
  undoLinkFor(token: string): string;
}

/** The change and the browser that made it. */
export interface IdentityChange {
  kind: IdentityChangeKind;
  userAgent: string | undefined;
}

/** The owner's column of identity_changes and its value. */
export const changeOwner = (owner: IdentityOwner) =>
  isStaff(owner)
    ? { account_id: null, staff_id: owner.staffId }
    : { account_id: owner.accountId, staff_id: null };

/** Records the change in `trx` and queues its mail: true when a mail was queued. */
export async function recordIdentityChange(
  trx: Db,
  deps: Omit<IdentityChangeDeps, 'db'>,
  owner: IdentityOwner,
  change: IdentityChange & { target?: string | null | undefined },
): Promise<boolean> {
  const { token, tokenHash } = drawLinkToken();
  const at = new Date();
  const until = new Date(at.getTime() + UNDO_LINK_HOURS * 3_600_000);
  const device = deviceLabel(change.userAgent);
  await trx
    .insertInto('identity_changes')
    .values({
      id: randomUUID(),
      ...changeOwner(owner),
      kind: change.kind,
      target: change.target ?? null,
      device,
      changed_at: at,
      token_hash: tokenHash,
      expires_at: until,
    })
    .execute();
  return queueIdentityChangeMail(trx, deps, owner, {
    kind: change.kind,
    at,
    device,
    undoHref: deps.undoLinkFor(token),
    until,
  });
}

/**
 * Runs `work` (the change) in a transaction with its record and mail, then wakes the relay.
 * `work` answers its value and what it added, for the undo.
 */
export async function withIdentityChange<T>(
  deps: IdentityChangeDeps,
  owner: IdentityOwner,
  change: IdentityChange,
  work: (trx: Db) => Promise<{ value: T; target?: string | null }>,
): Promise<T> {
  const { value, mailed } = await deps.db.transaction().execute(async (trx) => {
    const done = await work(trx);
    return {
      value: done.value,
      mailed: await recordIdentityChange(trx, deps, owner, { ...change, target: done.target }),
    };
  });
  if (mailed) deps.outbox.wake();
  return value;
}

/** A customer's changes go with their online access (delete-account.ts). */
export async function eraseIdentityChanges(db: Db, owner: IdentityOwner): Promise<void> {
  await db
    .deleteFrom('identity_changes')
    .where(isStaff(owner) ? 'staff_id' : 'account_id', '=', ownerId(owner))
    .execute();
}
