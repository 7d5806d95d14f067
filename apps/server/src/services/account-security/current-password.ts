// The customer's current password, asked again before a password change or an account deletion
// (SPEC §5). Enforces: it is checked against the stored scrypt hash; a wrong one counts with
// the sign-in failures of the same email (services/login-throttle.ts), so these calls cannot be
// used to guess a password faster than the sign-in page allows; once that email is locked, even
// the right password is refused until the window ends.
import { ACCOUNT_SECURITY_MESSAGES, MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../errors';
import { clearFailures, isLocked, loginThrottleKey, recordFailure } from '../login-throttle';
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
  const key = loginThrottleKey(row.email);
  if (await isLocked(db, key)) throw new TooManyAttemptsError(MESSAGES.login.tooManyAttempts);
  if (!(await verifyPassword(password, row.password_hash))) {
    await recordFailure(db, key);
    const message = ACCOUNT_SECURITY_MESSAGES.wrongPassword;
    throw new InvalidInputError(message, { [field]: message });
  }
  await clearFailures(db, key);
  return { email: row.email, passwordHash: row.password_hash };
}
