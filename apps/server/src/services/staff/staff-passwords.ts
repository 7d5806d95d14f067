// The staff's own passwords (docs/console.md « Mot de passe »,
// docs/decisions/0086-staff-temporary-passwords.md). Enforces:
// - a password someone else read (an account created by the CLI or by a supervisor:
//   `must_change_password`) opens no console session (staff-sessions.ts): the sign-in asks for a
//   new one once both factors are proven (oidc/staff-sign-in/staff-new-password.ts);
// - a new password follows the one rule of every password (the contract's newPasswordProblem,
//   docs/decisions/0035-cnil-password-rule.md), does not contain the e-mail, and differs from the
//   current one: the one just typed, for a change from the console; compared with the stored
//   hash at the first sign-in (a temporary password is never kept readable);
// - a change from the console first checks the current password as a customer's is checked
//   (services/identity/current-password.ts): each check counted per console sign-in by the
//   sign-in throttle (5 a window, then 429), a wrong one a field error;
// - saving replaces the hash only if it is still the one checked (of two changes at once, the
//   second is refused), so the old password signs in no more at once; clears the mark; ends the
//   staff member's other console sessions and every other provider session of theirs
//   (services/identity/sessions.ts, as a customer's change does); clears the sign-in throttle's
//   count of the e-mail, so the new password signs in at once from any browser (guesses at the
//   old one lock nothing any more); and writes `staff.password_changed` in the same transaction,
//   with, for a change from the console, its mail and « Ce n’était pas moi » link
//   (services/identity/identity-changes.ts).
import {
  newPasswordProblem,
  PASSWORD_RULE_MESSAGES,
  type Passkey,
  type PasswordChangeRequest,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { checkPasswordAgainst } from '../identity/current-password';
import { recordIdentityChange, type IdentityChangeDeps } from '../identity/identity-changes';
import { passkeysAddedFrom } from '../identity/passkeys';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { endSessions } from '../identity/sessions';
import { clearEmail } from '../identity/sign-in-throttle';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { recordStaffAudit, type StaffActor } from './audit';
import { enabledStaffCredentials, staffSubject, type StaffCredentials } from './staff-accounts';

export const STAFF_PASSWORD_MESSAGES = {
  changedMeanwhile: 'Ce mot de passe vient d’être changé par une autre session. Recommencez.',
  unknown: 'Aucun compte actif ne correspond.',
} as const;

/** A field error on the new password when there is a problem. */
function refuseNewPassword(problem: string | undefined): void {
  if (problem) throw new InvalidInputError(problem, { newPassword: problem });
}

/**
 * Saves the new hash over `row`'s and ends the other sessions: the passkeys those sessions had
 * added (docs/decisions/0141), for the member to keep or remove.
 */
async function save(
  db: Db,
  actor: StaffActor,
  row: StaffCredentials,
  newPassword: string,
  options: {
    keepProviderSid?: string;
    firstSignIn: boolean;
    /** Mails the change (a change from the console, not a temporary password replaced). */
    tell?: Omit<IdentityChangeDeps, 'db'>;
  },
): Promise<Passkey[]> {
  const hash = await hashPassword(newPassword);
  const { passkeysAdded, mailed } = await db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('staff_accounts')
      .set({ password_hash: hash, must_change_password: false })
      .where('id', '=', actor.id)
      .where('disabled_at', 'is', null)
      .where('password_hash', '=', row.password_hash);
    if (options.firstSignIn) update = update.where('must_change_password', '=', true);
    const saved = await update.executeTakeFirst();
    if (saved.numUpdatedRows !== 1n)
      throw new ConflictError(STAFF_PASSWORD_MESSAGES.changedMeanwhile);
    let sessions = trx.deleteFrom('staff_sessions').where('staff_id', '=', actor.id);
    if (options.keepProviderSid)
      sessions = sessions.where('provider_sid', '<>', options.keepProviderSid);
    const ended = Number((await sessions.executeTakeFirst()).numDeletedRows);
    const endedSids = await endSessions(trx, staffSubject(actor.id), {
      keepSid: options.keepProviderSid,
    });
    await clearEmail(trx, `staff:${row.email}`);
    await recordStaffAudit(trx, actor, {
      action: 'staff.password_changed',
      targetKind: 'staff',
      targetId: actor.id,
      details: { firstSignIn: options.firstSignIn, sessionsEnded: ended },
    });
    const change = { kind: 'password_changed', userAgent: actor.userAgent ?? undefined } as const;
    const mailed =
      options.tell &&
      (await recordIdentityChange(trx, options.tell, { staffId: actor.id }, change));
    const passkeysAdded = await passkeysAddedFrom(trx, { staffId: actor.id }, endedSids);
    return { passkeysAdded, mailed };
  });
  if (mailed) options.tell?.outbox.wake();
  return passkeysAdded;
}

/**
 * The first sign-in's last step: the staff member's own password replaces the temporary one,
 * `row` as the sign-in step read it (the save is conditional on it). ConflictError when the
 * account has no temporary password (any more).
 */
export async function replaceTemporaryPassword(
  db: Db,
  actor: StaffActor,
  row: StaffCredentials,
  newPassword: string,
): Promise<void> {
  if (!row.must_change_password) throw new ConflictError(STAFF_PASSWORD_MESSAGES.changedMeanwhile);
  // The temporary password was typed at another step: only its hash tells the same one again.
  refuseNewPassword(
    newPasswordProblem(newPassword, { email: row.email }) ??
      ((await verifyPassword(newPassword, row.password_hash))
        ? PASSWORD_RULE_MESSAGES.sameAsOld
        : undefined),
  );
  await save(db, actor, row, newPassword, { firstSignIn: true });
}

/**
 * The console's « Changer mon mot de passe »: the current password, then the new one; the
 * session that asks stays open, every other one ends. The passkeys those sessions added.
 */
export async function changeOwnStaffPassword(
  deps: IdentityChangeDeps,
  actor: StaffActor & { providerSid: string },
  { oldPassword, newPassword }: PasswordChangeRequest,
): Promise<Passkey[]> {
  const { db, ...tell } = deps;
  const row = await enabledStaffCredentials(db, actor.id);
  if (!row) throw new NotFoundError(STAFF_PASSWORD_MESSAGES.unknown);
  const { providerSid, ...who } = actor;
  const session = `staff:${providerSid}`;
  await checkPasswordAgainst(db, session, row.password_hash, oldPassword, 'oldPassword');
  refuseNewPassword(newPasswordProblem(newPassword, { oldPassword, email: row.email }));
  return save(db, who, row, newPassword, {
    keepProviderSid: providerSid,
    firstSignIn: false,
    tell,
  });
}
