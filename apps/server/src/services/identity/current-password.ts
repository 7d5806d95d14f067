// The customer's current password, asked again before a password change or an account deletion
// (docs/product/account.md). Enforces: it is checked against the stored scrypt hash; each check
// is counted under the caller's provider session (`sid`) by the sign-in throttle
// (services/identity/sign-in-throttle.ts) before the hash is compared: 5 per window, so a stolen token
// guesses no faster than the sign-in page, while others' guesses at the sign-in form never block
// the owner here and wrong answers here never lock the sign-in form. The staff's own password
// change (services/staff/staff-passwords.ts) checks theirs the same way, under their console
// sign-in (`checkPasswordAgainst`).
import { ACCOUNT_SECURITY_MESSAGES, MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { InvalidInputError, NotFoundError } from '../errors';
import { claimCurrentPasswordCheck } from './sign-in-throttle';
import { verifyPassword } from './passwords';

export interface Credentials {
  email: string;
  passwordHash: string;
}

/**
 * Checks `password` against `passwordHash`, counted first under `sessionKey`: 429 past the
 * limit (the hash is not compared), a field error on `field` when wrong.
 */
export async function checkPasswordAgainst(
  db: Db,
  sessionKey: string,
  passwordHash: string,
  password: string,
  field: string,
): Promise<void> {
  await claimCurrentPasswordCheck(db, sessionKey);
  if (!(await verifyPassword(password, passwordHash))) {
    const message = ACCOUNT_SECURITY_MESSAGES.wrongPassword;
    throw new InvalidInputError(message, { [field]: message });
  }
}

export async function checkCurrentPassword(
  db: Db,
  { accountId, sid }: { accountId: string; sid: string | undefined },
  password: string,
  field: string,
): Promise<Credentials> {
  const row = await db
    .selectFrom('credentials')
    .select(['email', 'password_hash'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MESSAGES.api.accountNotFound);
  await checkPasswordAgainst(db, sid ?? `account:${accountId}`, row.password_hash, password, field);
  return { email: row.email, passwordHash: row.password_hash };
}
