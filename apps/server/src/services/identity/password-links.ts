// The links mailed to choose a password. A customer's: a forgotten-password link
// (password-reset.ts) or a first-access invitation (services/account/invitation.ts,
// docs/decisions/0075-first-access-invitation.md), rows of `password_reset_tokens` told apart by
// `purpose`, used on the same page; a staff member's: the link of a reset of their access
// (services/staff/staff-links.ts), rows of `staff_links`. Both are drawn and spent here. Enforces:
// - a link carries 256 random bits; only their SHA-256 is stored; it works once and only until
//   its `expires_at`; the issuers replace an account's earlier links when they write a new one;
// - the new password follows the contract's rule (not the current one, not the email);
// - using a link ends every session of the account (their access tokens die with them) and
//   lifts the account's sign-in lock (sign-in-throttle.ts);
// - an invitation creates the credentials of an account that has none, under the e-mail on
//   file; that e-mail must not already sign in to another account.
import { createHash, randomBytes } from 'node:crypto';
import {
  FIRST_ACCESS_TEXTS,
  newPasswordProblem,
  PASSWORD_RESET_TEXTS,
  PASSWORD_RULE_MESSAGES,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { isStaff, ownerId, type IdentityOwner } from './owner';
import { clearEmail } from './sign-in-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { endSessions } from './sessions';

export type LinkPurpose = 'reset' | 'invitation';

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token (mailed) and its hash (stored). */
export function drawLinkToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/**
 * The account a link is for while it is unused and unexpired, with the e-mail it signs in with
 * (the one on file when it has no credentials yet); otherwise undefined.
 */
export async function findPasswordLink(db: Db, token: string) {
  const link = await db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .leftJoin('credentials as c', 'c.account_id', 't.account_id')
    .select([
      't.account_id as accountId',
      't.purpose',
      sql<string>`coalesce(c.email, lower(trim(a.email)))`.as('email'),
      'c.password_hash as passwordHash',
    ])
    .where('t.token_hash', '=', hashLinkToken(token))
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .executeTakeFirst();
  return link && { ...link, purpose: link.purpose as LinkPurpose };
}

/** What a link was for, used or expired alike (the page that refuses it offers the right way). */
export async function linkPurpose(db: Db, token: string): Promise<LinkPurpose> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('purpose')
    .where('token_hash', '=', hashLinkToken(token))
    .executeTakeFirst();
  return row?.purpose === 'invitation' ? 'invitation' : 'reset';
}

/**
 * Spends the owner's link of `token` in `trx`, once even when two requests race (only one of
 * them marks it used), and drops the owner's other links: false when it no longer works.
 */
export async function spendLink(trx: Db, owner: IdentityOwner, token: string): Promise<boolean> {
  const tokenHash = hashLinkToken(token);
  const now = new Date();
  if (isStaff(owner)) {
    const used = await trx
      .updateTable('staff_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('staff_id', '=', owner.staffId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return false;
    await trx
      .deleteFrom('staff_links')
      .where('staff_id', '=', owner.staffId)
      .where('token_hash', '!=', tokenHash)
      .execute();
    return true;
  }
  const used = await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('account_id', '=', ownerId(owner))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (used.numUpdatedRows !== 1n) return false;
  await trx
    .deleteFrom('password_reset_tokens')
    .where('account_id', '=', ownerId(owner))
    .where('token_hash', '!=', tokenHash)
    .execute();
  return true;
}

const invalidLink = () => new NotFoundError(PASSWORD_RESET_TEXTS.invalidLink);

/**
 * Sets the password a link was mailed for. Returns the e-mail the account now signs in with
 * (for the device cookie of this browser) and what the link was for.
 */
export async function setPasswordFromLink(
  db: Db,
  token: string,
  newPassword: string,
): Promise<{ email: string; purpose: LinkPurpose }> {
  const link = await findPasswordLink(db, token);
  if (!link) throw invalidLink();
  const problem =
    newPasswordProblem(newPassword, { email: link.email }) ??
    (link.passwordHash && (await verifyPassword(newPassword, link.passwordHash))
      ? PASSWORD_RULE_MESSAGES.sameAsOld
      : undefined);
  if (problem) throw new InvalidInputError(problem, { newPassword: problem });
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    if (!(await spendLink(trx, { accountId: link.accountId }, token))) throw invalidLink();
    if (link.passwordHash === null)
      await createCredentials(trx, link.accountId, link.email, passwordHash);
    else
      await trx
        .updateTable('credentials')
        .set({ password_hash: passwordHash, password_changed_at: new Date() })
        .where('account_id', '=', link.accountId)
        .execute();
    await endSessions(trx, link.accountId);
    // The link is the way in an attack cannot close: it lifts the account's sign-in lock.
    await clearEmail(trx, link.email);
  });
  return { email: link.email, purpose: link.purpose };
}

/** The sign-in identity of an account that had none (first access, or back after a deletion). */
async function createCredentials(trx: Db, accountId: string, email: string, passwordHash: string) {
  // Another account already signs in with this e-mail: refused, and the link stays usable.
  const { rows } = await sql<{ account_id: string }>`
    insert into credentials (account_id, email, password_hash)
    values (${accountId}, ${email}, ${passwordHash})
    on conflict do nothing
    returning account_id`.execute(trx);
  if (rows.length === 0) throw new ConflictError(FIRST_ACCESS_TEXTS.emailTaken);
  await trx
    .updateTable('accounts')
    .set({ portal_deleted_at: null })
    .where('id', '=', accountId)
    .execute();
}
