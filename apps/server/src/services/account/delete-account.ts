// DELETE …/account/accounts/{accountId} {password} (docs/product/account.md /account/accountDelete;
// docs/decisions/README.md (deviations): deletion keeps contracts). Enforces: only with the embedded
// provider (Conflict otherwise); the password is right (current-password.ts), else nothing is
// touched. Then, in one transaction (docs/data-map.md):
// - erased: the sign-in identity and password (credentials; the email is free again), every
//   provider session, grant, code, refresh token and interaction of the account, the consent
//   history, the sign-in history (devices), the passkeys, the changes to the ways in and their
//   « Ce n’était pas moi » links, pending forgotten-password links and the throttle counts kept
//   under the email;
// - the account row stays, for the policies, documents and requests the broker must keep for
//   the legal retention period (docs/product/account.md); it is marked deleted, consent withdrawn, and every
//   access token dies with its session at once (token-validity.ts);
// - an `account.erasure` row in the outbox tells the back office.
import { ACCOUNT_SECURITY_MESSAGES, OUTBOX_TYPES } from '@espace/contract';
import { ConflictError } from '../errors';
import { recordEvent } from '../events/record-event';
import { clearEmail } from '../identity/sign-in-throttle';
import { enqueue } from '../../platform/outbox/outbox';
import type { AccountSecurityDeps, SessionCaller } from '../identity/change-password';
import { checkCurrentPassword } from '../identity/current-password';
import { eraseIdentityChanges } from '../identity/identity-changes';
import { forgetResetMails } from '../identity/password-reset';
import { erasePasskeys } from '../identity/passkeys';
import { eraseSecondFactor } from '../identity/second-factor';
import { endSessions } from '../identity/sessions';

export async function deleteAccount(
  { db, embeddedProvider }: AccountSecurityDeps,
  { accountId, sid }: SessionCaller,
  password: string,
): Promise<void> {
  if (!embeddedProvider) throw new ConflictError(ACCOUNT_SECURITY_MESSAGES.externalProvider);
  const { email } = await checkCurrentPassword(db, { accountId, sid }, password, 'password');
  await db.transaction().execute(async (trx) => {
    const erasedAt = new Date();
    const { customer_id: customerId } = await trx
      .updateTable('accounts')
      .set({ portal_deleted_at: erasedAt, commercial_consent: false })
      .where('id', '=', accountId)
      .returning('customer_id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('credentials').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('consent_history').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('sign_ins').where('account_id', '=', accountId).execute();
    await erasePasskeys(trx, accountId);
    await eraseSecondFactor(trx, accountId);
    await trx.deleteFrom('password_reset_tokens').where('account_id', '=', accountId).execute();
    await eraseIdentityChanges(trx, { accountId });
    // The answers kept for repeated writes (idempotency): nothing to replay any more.
    await trx.deleteFrom('idempotency_keys').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('message_drafts').where('account_id', '=', accountId).execute();
    await forgetResetMails(trx, email);
    await clearEmail(trx, email);
    await endSessions(trx, accountId);
    await enqueue(trx, {
      type: OUTBOX_TYPES.accountErasure,
      accountId,
      payload: { customerId, erasedAt: erasedAt.toISOString() },
    });
    await recordEvent(trx, {
      type: 'account.erased',
      accountId,
      data: { customerNumber: customerId, erasedAt: erasedAt.toISOString() },
    });
  });
}
