// The sign-in throttle (docs/decisions/0014-sign-in-throttle.md): at most a few passwords are
// evaluated per account and window, whoever sends them, while the owner keeps a way in.
// Its limits are the signIn* and currentPassword tiers of platform/rate-limits/tiers.ts. Enforces:
// - every password check first counts one attempt under each of its keys, one atomic upsert per
//   key in the database (`sign_in_throttle`), so parallel attempts on any number of instances
//   get distinct counts; past a key's limit in its fixed window the attempt is refused
//   (429) before the password is looked at;
// - a sign-in counts under its source address and then under its account, or, from a
//   browser with a valid device cookie for that email (oidc/device-cookie.ts), under that
//   device instead of the account: guesses from elsewhere never lock the owner's browser;
//   a right password is taken back from the counts, so only wrong ones fill a window;
// - a check of the current password by a signed-in customer counts under their provider session
//   (`sid`): others' guesses never block it, and it never locks the sign-in form;
// - a completed password reset or a deleted account clears the account's count (`clearEmail`):
//   the reset link by e-mail is the way in that an attack cannot close.
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { RATE_LIMITS, type RateTier } from '../../platform/rate-limits/tiers';

const normalEmail = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `account:${normalEmail(email)}`;

export interface SignInSource {
  email: string;
  /** The client's address as the server sees it (request.ip, behind TRUST_PROXY when set). */
  address: string;
  /** The id of a valid device cookie for this email, if the browser sent one. */
  deviceId?: string | undefined;
}

/**
 * Counts one attempt under `key` in one statement (no read-then-write race between instances)
 * and tells whether this one is still within the tier's limit in the key's current window.
 */
async function count(db: Db, key: string, tier: RateTier, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - tier.windowMs);
  const row = await db
    .insertInto('sign_in_throttle')
    .values({ key, attempts: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql<number>`case when sign_in_throttle.window_started_at <= ${windowStart}
          then 1 else sign_in_throttle.attempts + 1 end`,
        window_started_at: sql<Date>`case when sign_in_throttle.window_started_at <= ${windowStart}
          then ${now}::timestamptz else sign_in_throttle.window_started_at end`,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts <= tier.max;
}

/**
 * Counts a sign-in attempt: the keys it was counted under, or undefined when it must be refused
 * without checking the password.
 */
export async function claimSignIn(
  db: Db,
  source: SignInSource,
  now = new Date(),
): Promise<string[] | undefined> {
  const address = `address:${source.address}`;
  if (!(await count(db, address, RATE_LIMITS.signInAddress, now))) return undefined;
  const [key, tier] = source.deviceId
    ? [`device:${source.deviceId}`, RATE_LIMITS.signInDevice]
    : [accountKey(source.email), RATE_LIMITS.signInAccount];
  return (await count(db, key, tier, now)) ? [address, key] : undefined;
}

/**
 * The password was right: the attempt is taken back from its counts, so only wrong passwords
 * fill a window (the owner signing in from new browsers, or many customers behind one address,
 * never lock anyone). Each wrong one keeps its count: at most 5 per account and window.
 */
export async function signInSucceeded(db: Db, keys: string[]): Promise<void> {
  await db
    .updateTable('sign_in_throttle')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('key', 'in', keys)
    .execute();
}

/** Counts a current-password check of a signed-in session (`sid`, else the account). */
export async function claimCurrentPasswordCheck(db: Db, sessionKey: string, now = new Date()) {
  return count(db, `session:${sessionKey}`, RATE_LIMITS.currentPassword, now);
}

/** Forgets the account's count (a completed password reset, an account deleted). */
export async function clearEmail(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', accountKey(email)).execute();
}

/**
 * Counts a second-factor code of a staff sign-in (docs/decisions/0082-staff-sign-in-with-a-second-factor.md),
 * under the staff member, with the account's limit: the keys, or undefined past it. A right code
 * is taken back with signInSucceeded, as a right password is.
 */
export async function claimSecondFactor(db: Db, staffId: string, now = new Date()) {
  const key = `second-factor:${staffId}`;
  return (await count(db, key, RATE_LIMITS.signInAccount, now)) ? [key] : undefined;
}
