// Forgotten password (ARCHITECTURE.md decision 3; ISSUE 10). Enforces:
// - a request gives nothing away: the caller gets the same answer whether the email has an
//   account or not, and the mail leaves in the background so the answer takes the same time;
// - requests are limited per email and per network address, counted in PostgreSQL
//   (login-throttle.ts), so that nobody floods a customer's mailbox or the mail server;
// - a link carries 256 random bits; only their SHA-256 is stored; it works once, for
//   PASSWORD_RESET_LINK_MINUTES, and asking again voids the earlier links of the account;
// - the link goes by SMTP when configured; in demo mode without SMTP it is written to the log;
// - the new password follows the contract's rule (not the current one, not the email); using
//   the link ends every session of the account and refuses every access token issued before.
import { createHash, randomBytes } from 'node:crypto';
import {
  newPasswordProblem,
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_TEXTS,
  PASSWORD_RULE_MESSAGES,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../errors';
import {
  clearFailures,
  countAttempt,
  loginThrottleKey,
  type AttemptLimit,
} from '../login-throttle';
import { clearEmail } from '../sign-in-throttle';
import type { Mailer } from '../mailer';
import { hashPassword, verifyPassword } from '../passwords';
import { endSessions, refuseTokensIssuedBefore } from './sessions';
import type { TokenValidity } from './token-validity';

export const RESET_LIMITS: { perEmail: AttemptLimit; perAddress: AttemptLimit } = {
  perEmail: { max: 3, windowMs: 60 * 60_000 },
  perAddress: { max: 10, windowMs: 15 * 60_000 },
};

export const resetThrottleKey = (email: string) => `reset:${email.trim().toLowerCase()}`;
const addressThrottleKey = (address: string) => `reset-address:${address}`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResetLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer | undefined;
  log: ResetLog;
  demoMode: boolean;
  /** The absolute link of the reset page for a token. */
  linkFor(token: string): string;
}

export async function requestPasswordReset(
  { db, mailer, log, demoMode, linkFor }: PasswordResetDeps,
  typedEmail: string,
  address: string,
): Promise<void> {
  const email = typedEmail.trim().toLowerCase();
  const byAddress = await countAttempt(db, addressThrottleKey(address), RESET_LIMITS.perAddress);
  const byEmail = await countAttempt(db, resetThrottleKey(email), RESET_LIMITS.perEmail);
  if (byAddress > RESET_LIMITS.perAddress.max || byEmail > RESET_LIMITS.perEmail.max)
    throw new TooManyAttemptsError(PASSWORD_RESET_TEXTS.tooMany);
  const account = await db
    .selectFrom('credentials')
    .select('account_id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!account) return;
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('password_reset_tokens')
      .where('account_id', '=', account.account_id)
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashToken(token),
        account_id: account.account_id,
        created_at: new Date(now),
        expires_at: new Date(now + PASSWORD_RESET_LINK_MINUTES * 60_000),
      })
      .execute();
  });
  const link = linkFor(token);
  if (mailer) {
    mailer
      .send({
        to: email,
        subject: PASSWORD_RESET_TEXTS.mailSubject,
        text: PASSWORD_RESET_TEXTS.mailText(link),
      })
      .catch((err: unknown) => log.error({ err }, 'forgotten-password mail not sent'));
  } else if (demoMode) {
    log.info({ passwordResetLink: link }, 'demo mode without SMTP: forgotten-password link');
  } else {
    log.warn({}, 'forgotten-password link not sent: SMTP_URL is not set');
  }
}

/** The account a link is for while it is unused and unexpired; otherwise undefined. */
export async function findResetLink(db: Db, token: string) {
  return db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('credentials as c', 'c.account_id', 't.account_id')
    .select(['t.account_id as accountId', 'c.email', 'c.password_hash as passwordHash'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function resetPassword(
  { db, tokenValidity }: { db: Db; tokenValidity: TokenValidity },
  token: string,
  newPassword: string,
): Promise<void> {
  const link = await findResetLink(db, token);
  if (!link) throw new NotFoundError(PASSWORD_RESET_TEXTS.invalidLink);
  const problem =
    newPasswordProblem(newPassword, { email: link.email }) ??
    ((await verifyPassword(newPassword, link.passwordHash))
      ? PASSWORD_RULE_MESSAGES.sameAsOld
      : undefined);
  if (problem) throw new InvalidInputError(problem, { newPassword: problem });
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    // Single use even when two requests race: only one of them marks the link used.
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!used.numUpdatedRows) throw new NotFoundError(PASSWORD_RESET_TEXTS.invalidLink);
    await trx
      .updateTable('credentials')
      .set({ password_hash: passwordHash, password_changed_at: new Date() })
      .where('account_id', '=', link.accountId)
      .execute();
    await trx
      .deleteFrom('password_reset_tokens')
      .where('account_id', '=', link.accountId)
      .where('token_hash', '!=', hashToken(token))
      .execute();
    await endSessions(trx, link.accountId);
    await refuseTokensIssuedBefore(trx, link.accountId);
  });
  await clearFailures(db, loginThrottleKey(link.email));
  await clearEmail(db, link.email);
  tokenValidity.forget(link.accountId);
}
