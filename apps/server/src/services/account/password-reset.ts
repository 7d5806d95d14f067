// Forgotten password (docs/decisions/0052-forgotten-password-per-account.md). Enforces:
// - a request gives nothing away: the caller gets the same answer whether the email has an
//   account or not, after the same database work, and the mail leaves after the answer;
// - mails are limited per account (3 per 30 minutes): past that, requests are answered the same
//   and send nothing, so nobody can block the owner's own link, only stop flooding their box;
//   requests are also limited per network address (attempt-counter.ts, in the database);
// - a link carries 256 random bits; only their SHA-256 is stored; it works once, for
//   PASSWORD_RESET_LINK_MINUTES, and each link sent replaces the earlier ones of the account
//   (password-links.ts sets the password and checks the link);
// - the link goes by SMTP when configured; in demo mode without SMTP it is written to the log;
import { PASSWORD_RESET_LINK_MINUTES, PASSWORD_RESET_TEXTS } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { TooManyAttemptsError } from '../errors';
import { countAttempt, type AttemptLimit } from '../../platform/rate-limits/attempt-counter';
import type { Mailer } from '../../platform/mail/mailer';
import { drawLinkToken } from './password-links';

export const RESET_LIMITS: { mailsPerAccount: AttemptLimit; perAddress: AttemptLimit } = {
  mailsPerAccount: { max: 3, windowMs: 30 * 60_000 },
  perAddress: { max: 10, windowMs: 15 * 60_000 },
};

/** The count of forgotten-password mails of an email (cleared with the account). */
export const resetMailKey = (email: string) => `reset-mail:${email.trim().toLowerCase()}`;
const addressThrottleKey = (address: string) => `reset-address:${address}`;

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
  if (byAddress > RESET_LIMITS.perAddress.max)
    throw new TooManyAttemptsError(PASSWORD_RESET_TEXTS.tooMany);
  // Known or not, the same statements run: a count, a token drawn and hashed, one insert that
  // finds no account for an unknown email (docs/decisions/0052-forgotten-password-per-account.md).
  const mails = await countAttempt(db, resetMailKey(email), RESET_LIMITS.mailsPerAccount);
  if (mails > RESET_LIMITS.mailsPerAccount.max) return;
  const { token, tokenHash } = drawLinkToken();
  const now = Date.now();
  // The newest link replaces the older ones, in one statement.
  const { rows } = await sql<{ account_id: string }>`
    with account as (select account_id from credentials where email = ${email}),
    dropped as (
      delete from password_reset_tokens
      where account_id in (select account_id from account)
    )
    insert into password_reset_tokens (token_hash, account_id, created_at, expires_at)
    select ${tokenHash}, account_id, ${new Date(now)}::timestamptz,
      ${new Date(now + PASSWORD_RESET_LINK_MINUTES * 60_000)}::timestamptz
    from account
    returning account_id`.execute(db);
  if (rows.length === 0) return;
  const link = linkFor(token);
  // The answer does not wait for the mail, not even for building it.
  setImmediate(() => {
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
  });
}
