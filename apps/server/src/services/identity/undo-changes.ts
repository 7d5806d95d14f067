// « Ce n’était pas moi » (docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md):
// the link of a change's mail (identity-changes.ts) secures its owner's account. Enforces:
// - reading the link (the page's GET) changes nothing: a mail scanner may fetch it;
// - using it is one transaction, under the lock of the owner's row (two links used at once wait
//   for one another): the link is spent by the update that marks it used (once, even for two
//   requests at once, and not after UNDO_LINK_HOURS); every other change of the owner still
//   undoable is undone with it (the page lists them first): a thief's passkey, second factor or
//   recovery codes are removed — each only if it is still the one that change added —, a
//   removal or a password change has nothing to remove;
// - every session of the owner ends: the provider's sessions, grants and tokens, and the
//   portal's or the console's cookie sessions;
// - the password no longer works (replaced by the hash of a random one nobody holds), and a
//   link to choose a new one replaces the owner's others: a customer's forgotten-password link
//   (PASSWORD_RESET_LINK_MINUTES), a staff member's link (STAFF_LINK_HOURS, `secured`: their
//   second factor stays); it is mailed in the same transaction, and answered for the page;
// - the caller's `journal` writes its trace in that transaction (the staff journal for a staff
//   member; a customer's trace is the rows marked undone, with the device that undid them);
// - a link used, expired or unknown changes nothing (NotFoundError).
import { randomBytes } from 'node:crypto';
import {
  IDENTITY_CHANGE_TEXTS as T,
  PASSWORD_RESET_LINK_MINUTES,
  STAFF_LINK_HOURS,
  type IdentityChangeKind,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';
import { deviceLabel } from './device-label';
import { queueSecuredMail, type IdentityMailDeps } from './identity-change-mail';
import { isStaff, ownerId, ownerKey, type IdentityOwner } from './owner';
import { ownerColumn } from './passkeys';
import { drawLinkToken, hashLinkToken } from './password-links';
import { hashPassword } from './passwords';
import { endSessions } from './sessions';
import { dropRecoveryCodes, forgetEnrolment } from './totp';

export interface UndoDeps extends IdentityMailDeps {
  db: Db;
  /** The absolute links of the pages that set a new password, for a token. */
  passwordLinkFor: { customer(token: string): string; staff(token: string): string };
}

export interface PendingChange {
  kind: IdentityChangeKind;
  changedAt: Date;
  device: string;
}

const ownerOf = (row: { account_id: string | null; staff_id: string | null }): IdentityOwner =>
  row.staff_id ? { staffId: row.staff_id } : { accountId: row.account_id! };

/** The owner of a link, used or expired alike (the refusal's words), or undefined. */
export async function undoLinkOwner(db: Db, token: string) {
  const row = await db
    .selectFrom('identity_changes')
    .select(['account_id', 'staff_id', 'undone_at', 'expires_at'])
    .where('token_hash', '=', hashLinkToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const usable = row.undone_at === null && new Date(row.expires_at) > new Date();
  return { owner: ownerOf(row), usable };
}

/** What using the link would undo: every change of its owner still undoable, oldest first. */
export async function pendingChanges(db: Db, owner: IdentityOwner): Promise<PendingChange[]> {
  const rows = await db
    .selectFrom('identity_changes')
    .select(['kind', 'changed_at', 'device'])
    .where(ownerColumn(owner), '=', ownerId(owner))
    .where('undone_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('changed_at')
    .execute();
  return rows.map((r) => ({
    kind: r.kind as IdentityChangeKind,
    changedAt: new Date(r.changed_at),
    device: r.device,
  }));
}

const invalid = () => new NotFoundError(T.invalid);

/** Locks the owner's row first, so that two links of one owner used at once take turns. */
async function lockOwner(trx: Db, owner: IdentityOwner) {
  if (isStaff(owner))
    await trx
      .selectFrom('staff_accounts')
      .select('id')
      .where('id', '=', owner.staffId)
      .forUpdate()
      .execute();
  else
    await trx
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', owner.accountId)
      .forUpdate()
      .execute();
}

/** Removes what a change added, if it is still the one it added. */
async function removeAdded(trx: Db, owner: IdentityOwner, kind: string, target: string | null) {
  if (!target) return;
  if (kind === 'passkey_added')
    await trx
      .deleteFrom('passkeys')
      .where('id', '=', target)
      .where(ownerColumn(owner), '=', ownerId(owner))
      .execute();
  else if (kind === 'second_factor_on') await forgetEnrolment(trx, owner, target);
  else if (kind === 'recovery_codes_renewed') await dropRecoveryCodes(trx, owner, target);
}

/** Ends every session, disables the password and writes the link that sets a new one. */
async function secure(trx: Db, owner: IdentityOwner, unknownPassword: string, tokenHash: string) {
  const now = Date.now();
  await endSessions(trx, ownerKey(owner));
  if (isStaff(owner)) {
    const id = owner.staffId;
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
    await trx
      .updateTable('staff_accounts')
      .set({ password_hash: unknownPassword, must_change_password: false })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('staff_links').where('staff_id', '=', id).execute();
    const expires_at = new Date(now + STAFF_LINK_HOURS * 3_600_000);
    await trx
      .insertInto('staff_links')
      .values({ token_hash: tokenHash, staff_id: id, purpose: 'secured', expires_at })
      .execute();
    return expires_at;
  }
  const id = owner.accountId;
  await trx
    .updateTable('credentials')
    .set({ password_hash: unknownPassword })
    .where('account_id', '=', id)
    .execute();
  await trx.deleteFrom('password_reset_tokens').where('account_id', '=', id).execute();
  const expires_at = new Date(now + PASSWORD_RESET_LINK_MINUTES * 60_000);
  await trx
    .insertInto('password_reset_tokens')
    .values({ token_hash: tokenHash, account_id: id, purpose: 'reset', expires_at })
    .execute();
  return expires_at;
}

/**
 * Uses the link: undoes, secures, mails the link to a new password. Answers the owner, what was
 * undone, and that link (the page offers it at once). NotFoundError when the link is not usable.
 */
export async function undoChanges(
  deps: UndoDeps,
  token: string,
  from: { userAgent: string | undefined },
  journal: (trx: Db, owner: IdentityOwner, undone: IdentityChangeKind[]) => Promise<void>,
) {
  const found = await undoLinkOwner(deps.db, token);
  if (!found?.usable) throw invalid();
  const { owner } = found;
  const unknownPassword = await hashPassword(randomBytes(32).toString('base64url'));
  const link = drawLinkToken();
  const passwordHref = isStaff(owner)
    ? deps.passwordLinkFor.staff(link.token)
    : deps.passwordLinkFor.customer(link.token);
  const undoneDevice = deviceLabel(from.userAgent);
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockOwner(trx, owner);
    const spent = await trx
      .updateTable('identity_changes')
      .set({ undone_at: sql`now()`, undone_device: undoneDevice })
      .where('token_hash', '=', hashLinkToken(token))
      .where('undone_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (spent.numUpdatedRows !== 1n) throw invalid();
    const others = await trx
      .updateTable('identity_changes')
      .set({ undone_at: sql`now()`, undone_device: undoneDevice })
      .where(ownerColumn(owner), '=', ownerId(owner))
      .where('undone_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['kind', 'target'])
      .execute();
    const mine = await trx
      .selectFrom('identity_changes')
      .select(['kind', 'target'])
      .where('token_hash', '=', hashLinkToken(token))
      .executeTakeFirstOrThrow();
    const undone = [mine, ...others];
    for (const change of undone) await removeAdded(trx, owner, change.kind, change.target);
    const until = await secure(trx, owner, unknownPassword, link.tokenHash);
    const validity = isStaff(owner)
      ? T.securedStaffValidity(STAFF_LINK_HOURS)
      : T.securedCustomerValidity;
    const mailed = await queueSecuredMail(trx, deps, owner, {
      at: new Date(),
      passwordHref,
      until,
      validity,
    });
    const kinds = undone.map((c) => c.kind as IdentityChangeKind);
    await journal(trx, owner, kinds);
    return { mailed, kinds };
  });
  if (result.mailed) deps.outbox.wake();
  return { owner, undone: result.kinds, passwordHref, mailed: result.mailed };
}
