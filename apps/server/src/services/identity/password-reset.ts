// Forgotten password (docs/decisions/0052-forgotten-password-per-account.md). Enforces:
// - a request gives nothing away: the caller gets the same answer whether the email has an
//   account or not, after the same database work (one statement that writes the link and, for
//   a known email, its mail in the outbox); the outbox relay sends the mail after the answer
//   (docs/decisions/0056-one-outbox-relay.md) and never once the link has expired;
// - mails are limited per account AND requester (tier resetMails, platform/rate-limits/tiers.ts):
//   the requester is the browser's known device of that account (the signed device cookie of a
//   sign-in or reset there) or else its network address, so strangers never spend the owner's
//   allowance; requesters the account does not know share a ceiling per account
//   (resetMailsAccount) that bounds a flood of its mailbox from many addresses, and a known
//   device is outside it; past a limit, requests are answered the same and send nothing;
// - requests are limited per network address across accounts (resetAddress, 429), a known
//   device of the account excepted (its own budget bounds it);
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

/**
 * The counts of forgotten-password mails of an email: its ceiling for requesters it does not
 * know, and each requester's own under the same prefix and a `|` (no domain holds one), so that
 * `forgetResetMails` finds them all.
 */
const resetMailKey = (email: string) => `reset-mail:${email.trim().toLowerCase()}`;
const requesterMailKey = (email: string, requester: ResetRequester) =>
  `${resetMailKey(email)}|${requester.deviceId ? `device:${requester.deviceId}` : `address:${requester.address}`}`;
const addressThrottleKey = (address: string) => `reset-address:${address}`;

/** Forgets every count of forgotten-password mails kept for an email (its account deleted). */
export async function forgetResetMails(db: Db, email: string): Promise<void> {
  const ceiling = resetMailKey(email);
  const prefix = `${ceiling}|`;
  await db
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.or([eb('key', '=', ceiling), eb(sql`left(key, ${prefix.length})`, '=', prefix)]),
    )
    .execute();
}

/** Who asks: the client's address, and the id of a valid device cookie of that email if any. */
export interface ResetRequester {
  /** As the server sees it (request.ip, behind TRUST_PROXY when set). */
  address: string;
  /** A known device of the account (oidc/provider/device-cookie.ts), checked for the typed email. */
  deviceId?: string | undefined;
}

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
  requester: ResetRequester,
): Promise<void> {
  const email = typedEmail.trim().toLowerCase();
  if (!requester.deviceId) {
    const key = addressThrottleKey(requester.address);
    if ((await countAttempt(db, key, RATE_LIMITS.resetAddress)) > RATE_LIMITS.resetAddress.max)
      throw new TooManyAttemptsError(PASSWORD_RESET_TEXTS.tooMany);
  }
  // Known or not, the same statements run: the counts, a token drawn and hashed, one insert that
  // finds no account for an unknown email (docs/decisions/0052-forgotten-password-per-account.md).
  // What differs follows the requester's own cookie and history, never the account's existence.
  const own = await countAttempt(db, requesterMailKey(email, requester), RATE_LIMITS.resetMails);
  if (own > RATE_LIMITS.resetMails.max) return;
  if (!requester.deviceId) {
    const ceiling = RATE_LIMITS.resetMailsAccount;
    if ((await countAttempt(db, resetMailKey(email), ceiling)) > ceiling.max) return;
  }
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
