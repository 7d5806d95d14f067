// The customer's current password, asked again before a password change or an account deletion
// (SPEC §5). Enforces: it is checked against the stored scrypt hash; each check is claimed
// under the email's key of the sign-in throttle (services/sign-in-throttle.ts) before the hash
// is compared, so these calls cannot be used to guess a password faster than the sign-in page
// allows (a stolen token included); while that key waits, even the right password is refused.
import { ACCOUNT_SECURITY_MESSAGES, MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../errors';
import { attemptSucceeded, claimAttempt, currentPasswordKeys } from '../sign-in-throttle';
import { verifyPassword } from '../passwords';

export interface Credentials {
  email: string;
  passwordHash: string;
}

export async function checkCurrentPassword(
  db: Db,
  accountId: string,
  password: string,
  field: string,
): Promise<Credentials> {
  const row = await db
    .selectFrom('credentials')
    .select(['email', 'password_hash'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MESSAGES.api.accountNotFound);
  const keys = currentPasswordKeys(row.email);
  if (!(await claimAttempt(db, keys)).granted)
    throw new TooManyAttemptsError(MESSAGES.login.tooManyAttempts);
  if (!(await verifyPassword(password, row.password_hash))) {
    const message = ACCOUNT_SECURITY_MESSAGES.wrongPassword;
    throw new InvalidInputError(message, { [field]: message });
  }
  await attemptSucceeded(db, keys);
  return { email: row.email, passwordHash: row.password_hash };
}
