// Forgotten password (docs/decisions/0052-forgotten-password-per-account.md). Enforces:
// - a request gives nothing away: the caller gets the same answer whether the email has an
//   account or not, after the same database work (one statement that writes the link and, for
//   a known email, its mail in the outbox); the outbox relay sends the mail after the answer
//   (docs/decisions/0056-one-outbox-relay.md) and never once the link has expired;
// - mails are limited per account (tier resetMails, platform/rate-limits/tiers.ts): past that,
//   requests are answered the same
//   and send nothing, so nobody can block the owner's own link, only stop flooding their box;
//   requests are also limited per network address (attempt-counter.ts, in the database);
// - a link carries 256 random bits; only their SHA-256 is stored; it works once, for
//   PASSWORD_RESET_LINK_MINUTES, and each link sent replaces the earlier ones of the account
//   (password-links.ts checks the link and sets the password);
// - the link goes by SMTP when configured; in demo mode without SMTP it is written to the log,
//   and no outbox row holds it.
import { PASSWORD_RESET_LINK_MINUTES, PASSWORD_RESET_TEXTS } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { TooManyAttemptsError } from '../errors';
import { countAttempt } from '../../platform/rate-limits/attempt-counter';
import { RATE_LIMITS } from '../../platform/rate-limits/tiers';
import type { StoredMail } from '../../platform/mail/mail-channel';
import type { OutboxSender } from '../../platform/outbox/outbox';
import { drawLinkToken } from './password-links';

/** The count of forgotten-password mails of an email (cleared with the account). */
export const resetMailKey = (email: string) => `reset-mail:${email.trim().toLowerCase()}`;
const addressThrottleKey = (address: string) => `reset-address:${address}`;

/** The outbox row of a forgotten-password mail (not a request: 'Mes demandes' ignores it). */
const RESET_MAIL_TYPE = 'mail.password_reset';

export interface ResetLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PasswordResetDeps {
  db: Db;
  outbox: OutboxSender;
  log: ResetLog;
  demoMode: boolean;
  /** The absolute link of the reset page for a token. */
  linkFor(token: string): string;
}

export async function requestPasswordReset(
  { db, outbox, log, demoMode, linkFor }: PasswordResetDeps,
  typedEmail: string,
  address: string,
): Promise<void> {
  const email = typedEmail.trim().toLowerCase();
  const byAddress = await countAttempt(db, addressThrottleKey(address), RATE_LIMITS.resetAddress);
  if (byAddress > RATE_LIMITS.resetAddress.max)
    throw new TooManyAttemptsError(PASSWORD_RESET_TEXTS.tooMany);
  // Known or not, the same statements run: a count, a token drawn and hashed, one insert that
  // finds no account for an unknown email (docs/decisions/0052-forgotten-password-per-account.md).
  const mails = await countAttempt(db, resetMailKey(email), RATE_LIMITS.resetMails);
  if (mails > RATE_LIMITS.resetMails.max) return;
  const { token, tokenHash } = drawLinkToken();
  const now = Date.now();
  const expiresAt = new Date(now + PASSWORD_RESET_LINK_MINUTES * 60_000);
  const link = linkFor(token);
  const mail: StoredMail = {
    to: email,
    subject: PASSWORD_RESET_TEXTS.mailSubject,
    text: PASSWORD_RESET_TEXTS.mailText(link),
    notAfter: expiresAt.toISOString(),
  };
  // The newest link replaces the older ones, and its mail is queued, in one statement.
  const { rows } = await sql<{ account_id: string }>`
    with account as (select account_id from credentials where email = ${email}),
    dropped as (
      delete from password_reset_tokens
      where account_id in (select account_id from account)
    ),
    inserted as (
      insert into password_reset_tokens (token_hash, account_id, created_at, expires_at)
      select ${tokenHash}, account_id, ${new Date(now)}::timestamptz,
        ${expiresAt}::timestamptz
      from account
      returning account_id
    ),
    mailed as (
      insert into outbox (type, account_id, payload, channel, message)
      select ${RESET_MAIL_TYPE}, account_id, '{}'::jsonb, 'mail', ${JSON.stringify(mail)}::jsonb
      from inserted where ${outbox.mail}::boolean
    )
    select account_id from inserted`.execute(db);
  if (rows.length === 0) return;
  if (outbox.mail) outbox.wake();
  else if (demoMode)
    log.info({ passwordResetLink: link }, 'demo mode without SMTP: forgotten-password link');
  else log.warn({}, 'forgotten-password link not sent: SMTP_URL is not set');
}
