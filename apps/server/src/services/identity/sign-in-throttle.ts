// The sign-in throttle (docs/decisions/0014-sign-in-throttle.md): at most a few passwords are
// evaluated per account and window, whoever sends them, while the owner keeps a way in.
// Its limits are the signIn* and currentPassword tiers of platform/rate-limits/tiers.ts. Enforces:
// - every password check first counts one attempt under each of its keys, in order, in one
//   statement on the database (`sign_in_throttle`, platform/rate-limits/attempt-counter.ts), so
//   parallel attempts on any number of instances get distinct counts; past a key's limit in its
//   fixed window the attempt is refused (429) before the password is looked at, and the keys
//   after it are not counted;
// - a sign-in counts under its source address and then under its account, or, from a
//   browser with a valid device cookie for that email (oidc/provider/device-cookie.ts), under that
//   device instead of the account: guesses from elsewhere never lock the owner's browser;
//   a right password is taken back from the counts, so only wrong ones fill a window;
// - a check of the current password by a signed-in customer counts under their provider session
//   (`sid`): others' guesses never block it, and it never locks the sign-in form;
// - a completed password reset, a password change or a deleted account clears the account's
//   count (`clearEmail`): the reset link by e-mail is the way in that an attack cannot close,
//   and the new password signs in at once from any browser (guesses at it count afresh);
// - a staff sign-in counts the same way under `staff:` + e-mail, its known device being the
//   staff device cookie, and its second-factor codes under the staff member, or under that
//   device when known: failures from elsewhere never lock it;
// - a customer's second-factor codes count the same way, under `customer:` + their account id,
//   or under her known device: a stranger who knows her password and guesses codes locks only
//   new browsers, never her usual one (one mechanism for both, oidc/provider/device-cookie.ts);
// - a refusal says whether this attempt is the one that crossed the limit (the first refused
//   under that key in its window): the staff journal records that one, not every later post
//   (oidc/staff-sign-in/staff-trail.ts).
import { MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { TooManyAttemptsError } from '../errors';
import { claimKeys, takeBack, type ClaimedKeys } from '../../platform/rate-limits/attempt-counter';
import { RATE_LIMITS } from '../../platform/rate-limits/tiers';

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
 * A counted attempt: the keys it was counted under (signInSucceeded takes them back), or a
 * refusal without checking anything.
 */
export type ThrottleClaim =
  | { keys: string[] }
  | {
      keys?: undefined;
      /**
       * This attempt crossed a limit: the first refused under its key in the window (attempts is
       * max + 1). Every later one in that window is refused again with `crossed` false.
       */
      crossed: boolean;
    };

/** Counts an attempt under `keys` in order (platform/rate-limits/attempt-counter.ts). */
async function claim(db: Db, keys: ClaimedKeys, now: Date): Promise<ThrottleClaim> {
  const claimed = await claimKeys(db, 'sign_in_throttle', keys, now);
  return claimed === 'ok' ? { keys: keys.map(([key]) => key) } : { crossed: claimed.crossed };
}

/** Counts a sign-in attempt: its keys, or a refusal before the password is checked. */
export async function claimSignIn(
  db: Db,
  source: SignInSource,
  now = new Date(),
): Promise<ThrottleClaim> {
  const [key, tier] = source.deviceId
    ? [`device:${source.deviceId}`, RATE_LIMITS.signInDevice]
    : [accountKey(source.email), RATE_LIMITS.signInAccount];
  return claim(
    db,
    [
      [`address:${source.address}`, RATE_LIMITS.signInAddress],
      [key, tier],
    ],
    now,
  );
}

/**
 * The password was right: the attempt is taken back from its counts, so only wrong passwords
 * fill a window (the owner signing in from new browsers, or many customers behind one address,
 * never lock anyone). Each wrong one keeps its count: at most 5 per account and window.
 */
export async function signInSucceeded(db: Db, keys: string[]): Promise<void> {
  await takeBack(db, 'sign_in_throttle', keys);
}

/**
 * Counts a current-password check of a signed-in session (`sid`, else the account); past the
 * limit, a TooManyAttemptsError that says when to try again.
 */
export async function claimCurrentPasswordCheck(
  db: Db,
  sessionKey: string,
  now = new Date(),
): Promise<void> {
  const keys = [[`session:${sessionKey}`, RATE_LIMITS.currentPassword]] as const;
  const claim = await claimKeys(db, 'sign_in_throttle', keys, now);
  if (claim !== 'ok')
    throw new TooManyAttemptsError(MESSAGES.login.tooManyAttempts, claim.retryAfterSeconds);
}

/** Forgets the account's count (a completed password reset, an account deleted). */
export async function clearEmail(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', accountKey(email)).execute();
}

/**
 * Counts a second-factor code of a staff sign-in (docs/decisions/0082-staff-sign-in-with-a-second-factor.md),
 * or of a customer's who turned one on (docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md),
 * under the staff member (or customer) with the account's limit, or, from a known device of theirs, under
 * that device with the device's: the key, or a refusal past it. A right code is taken back
 * with signInSucceeded, as a right password is.
 */
export async function claimSecondFactor(
  db: Db,
  /** The staff member's id, or `customer:` + a customer's account id. */
  staffId: string,
  deviceId?: string,
  now = new Date(),
): Promise<ThrottleClaim> {
  const [key, tier] = deviceId
    ? [`second-factor:${staffId}|device:${deviceId}`, RATE_LIMITS.signInDevice]
    : [`second-factor:${staffId}`, RATE_LIMITS.signInAccount];
  return claim(db, [[key, tier]], now);
}
