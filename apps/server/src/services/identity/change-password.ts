// PUT …/authentication/accounts/{accountId}/password (docs/product/account.md /account/password).
// Enforces: only with the embedded provider (another provider owns its passwords: Conflict);
// the current password is right (current-password.ts: a wrong one is a field error, counted by
// the sign-in throttle); the new one follows the contract's rule, differs from the current one
// and does not contain the sign-in email. Then, in one transaction: the new scrypt hash; every
// other provider session, grant, code and refresh token of the account deleted; access tokens
// issued before die with their sessions, except those of the provider session that made the
// change (its `sid`, token-validity.ts), so the customer stays signed in here and nowhere else;
// pending forgotten-password links void; the account's sign-in count cleared (sign-in-throttle.ts),
// so the new password signs in at once from any browser, as after a reset by e-mail; and the
// change mailed with its « Ce n’était pas moi » link (identity-changes.ts).
import {
  ACCOUNT_SECURITY_MESSAGES,
  newPasswordProblem,
  type PasswordChangeRequest,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { ConflictError, InvalidInputError } from '../errors';
import { recordIdentityChange, type IdentityChangeDeps } from './identity-changes';
import { hashPassword } from './passwords';
import { checkCurrentPassword } from './current-password';
import { endSessions } from './sessions';
import { clearEmail } from './sign-in-throttle';

export interface AccountSecurityDeps {
  db: Db;
  /** False when OIDC_ISSUER names another provider: it owns passwords and sign-in identities. */
  embeddedProvider: boolean;
}

export interface SessionCaller {
  accountId: string;
  /** The provider session id of the caller's access token (`sid` claim). */
  sid: string | undefined;
}

export async function changePassword(
  deps: AccountSecurityDeps & IdentityChangeDeps,
  { accountId, sid, userAgent }: SessionCaller & { userAgent: string | undefined },
  { oldPassword, newPassword }: PasswordChangeRequest,
): Promise<void> {
  const { db, embeddedProvider } = deps;
  if (!embeddedProvider) throw new ConflictError(ACCOUNT_SECURITY_MESSAGES.externalProvider);
  const { email } = await checkCurrentPassword(db, { accountId, sid }, oldPassword, 'oldPassword');
  const problem = newPasswordProblem(newPassword, { oldPassword, email });
  if (problem) throw new InvalidInputError(problem, { newPassword: problem });
  const passwordHash = await hashPassword(newPassword);
  const mailed = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('credentials')
      .set({ password_hash: passwordHash, password_changed_at: new Date() })
      .where('account_id', '=', accountId)
      .execute();
    await trx.deleteFrom('password_reset_tokens').where('account_id', '=', accountId).execute();
    await endSessions(trx, accountId, { keepSid: sid });
    // Guesses counted against the old password lock out no browser of the new one; guesses against
    // the new one count afresh (docs/decisions/0144-a-password-change-lifts-the-sign-in-lock.md).
    await clearEmail(trx, email);
    const change = { kind: 'password_changed', userAgent } as const;
    return recordIdentityChange(trx, deps, { accountId }, change);
  });
  if (mailed) deps.outbox.wake();
}
