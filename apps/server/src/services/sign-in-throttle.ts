// The sign-in throttle (ARCHITECTURE.md decision 9, issue 12): it slows whoever guesses
// passwords without letting them lock the customer out. Enforces:
// - every attempt first *claims* a slot under each of its keys, in one transaction that locks
//   the keys' rows (`select … for update`, in PostgreSQL, so every instance waits its turn):
//   a key whose next attempt lies in the future refuses the claim and nothing is counted, else
//   each key counts one more failure and sets when the next attempt may come. Only then is the
//   password checked, so 25 parallel guesses get at most the free attempts checked;
// - the keys and their rules (SIGN_IN_RULES): the email from one source address is locked for
//   15 minutes after 5 failures (that is the attacker's own door); the email alone and the
//   source address alone get progressive delays (doubling, capped), enough to make guessing
//   slow but short enough for a customer who mistyped; a quiet quarter of an hour forgets them;
// - a known device (a signed cookie set at a successful sign-in for that email,
//   oidc/device-cookie.ts) is judged on its own key instead of the email's and the pair's: a
//   customer whose email is under attack, even from the same address, still signs in from their
//   own browser;
// - a success clears the email, pair and device keys and gives back its claim on the address.
// The forgotten-password and other counters stay in login-throttle.ts (a fixed window).
import type { Db } from '../db/client';

export interface ThrottleRule {
  /** Failures allowed without any delay. */
  free: number;
  /** The delay after the first failure past `free`; it doubles with each further failure. */
  firstDelayMs: number;
  /** The longest delay. */
  maxDelayMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** A key left alone this long after its last attempt starts again from zero. */
export const QUIET_RESET_MS = 15 * MINUTE;

export const SIGN_IN_RULES = {
  /** One email from one address: a plain lock, the attacker's own. */
  pair: { free: 5, firstDelayMs: 15 * MINUTE, maxDelayMs: 15 * MINUTE },
  /** One email from anywhere (without its known device): progressive. */
  email: { free: 5, firstDelayMs: 15 * SECOND, maxDelayMs: 5 * MINUTE },
  /** One address, any email (a spray): many customers share an address (mobile, offices). */
  address: { free: 30, firstDelayMs: 5 * SECOND, maxDelayMs: 15 * MINUTE },
  /** The customer's own browser: the owner's typing slips only. */
  device: { free: 5, firstDelayMs: 15 * SECOND, maxDelayMs: 5 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/** How many wrong passwords are checked before anything slows down (per email, per pair). */
export const SIGN_IN_FREE_FAILURES = SIGN_IN_RULES.email.free;

const normalEmail = (email: string) => email.trim().toLowerCase();

export interface SignInSource {
  email: string;
  /** The client's address as the server sees it (request.ip, behind TRUST_PROXY when set). */
  address: string;
  /** The id of a valid device cookie for this email, if the browser sent one. */
  deviceId?: string | undefined;
}

interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
  /** What a success does to this key: clear it, or give back the claim. */
  onSuccess: 'clear' | 'refund';
}

/** The keys of a sign-in attempt (or of a current-password check, which has no address). */
export function signInKeys(source: SignInSource): ThrottleKey[] {
  const email = normalEmail(source.email);
  const address: ThrottleKey = {
    key: `address:${source.address}`,
    rule: SIGN_IN_RULES.address,
    onSuccess: 'refund',
  };
  if (source.deviceId)
    return [
      address,
      { key: `device:${source.deviceId}`, rule: SIGN_IN_RULES.device, onSuccess: 'clear' },
    ];
  return [
    address,
    { key: `pair:${email}|${source.address}`, rule: SIGN_IN_RULES.pair, onSuccess: 'clear' },
    { key: `email:${email}`, rule: SIGN_IN_RULES.email, onSuccess: 'clear' },
  ];
}

/** The key a current-password check counts under: the email's, as a sign-in would. */
export function currentPasswordKeys(email: string): ThrottleKey[] {
  return [{ key: `email:${normalEmail(email)}`, rule: SIGN_IN_RULES.email, onSuccess: 'clear' }];
}

/** Every key that names this email (for account deletion and a password reset). */
export function emailKeyPatterns(email: string): { exact: string; pairPrefix: string } {
  const normal = normalEmail(email);
  return { exact: `email:${normal}`, pairPrefix: `pair:${normal}|` };
}

/** The delay after `failures` failures under `rule`. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  const doublings = Math.min(failures - rule.free, 30);
  return Math.min(rule.firstDelayMs * 2 ** doublings, rule.maxDelayMs);
}

export type Claim = { granted: true } | { granted: false; retryAt: Date };

/**
 * Claims one attempt under every key, or none: the rows are locked in key order (no deadlock
 * between two claims), a refusal counts nothing, a grant counts a failure under each key that
 * `attemptSucceeded` takes back.
 */
export async function claimAttempt(db: Db, keys: ThrottleKey[], now = new Date()): Promise<Claim> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
  const names = sorted.map((k) => k.key);
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sign_in_throttle')
      .values(
        names.map((key) => ({
          key,
          failures: 0,
          last_attempt_at: now,
          next_attempt_at: new Date(0),
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rows = await trx
      .selectFrom('sign_in_throttle')
      .selectAll()
      .where('key', 'in', names)
      .orderBy('key')
      .forUpdate()
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    let retryAt: Date | undefined;
    const failures = new Map<string, number>();
    for (const { key } of sorted) {
      const row = byKey.get(key)!;
      const quiet = now.getTime() - row.last_attempt_at.getTime() >= QUIET_RESET_MS;
      failures.set(key, quiet ? 0 : row.failures);
      if (!quiet && row.next_attempt_at > now && (!retryAt || row.next_attempt_at > retryAt))
        retryAt = row.next_attempt_at;
    }
    if (retryAt) return { granted: false, retryAt };
    for (const { key, rule } of sorted) {
      const counted = failures.get(key)! + 1;
      await trx
        .updateTable('sign_in_throttle')
        .set({
          failures: counted,
          last_attempt_at: now,
          next_attempt_at: new Date(now.getTime() + delayAfter(rule, counted)),
        })
        .where('key', '=', key)
        .execute();
    }
    return { granted: true };
  });
}

/** The claimed attempt was right: the owner's keys start again, the address gets its claim back. */
export async function attemptSucceeded(db: Db, keys: ThrottleKey[]): Promise<void> {
  const cleared = keys.filter((k) => k.onSuccess === 'clear').map((k) => k.key);
  const refunded = keys.filter((k) => k.onSuccess === 'refund');
  await db.transaction().execute(async (trx) => {
    if (cleared.length)
      await trx.deleteFrom('sign_in_throttle').where('key', 'in', cleared).execute();
    for (const { key, rule } of refunded) {
      const row = await trx
        .selectFrom('sign_in_throttle')
        .select('failures')
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      if (!row) continue;
      const failures = Math.max(row.failures - 1, 0);
      await trx
        .updateTable('sign_in_throttle')
        .set({
          failures,
          next_attempt_at: failures < rule.free ? new Date(0) : undefined,
        })
        .where('key', '=', key)
        .execute();
    }
  });
}

/** Forgets every sign-in count of an email (a password reset, an account deleted). */
export async function clearEmail(db: Db, email: string): Promise<void> {
  const { exact, pairPrefix } = emailKeyPatterns(email);
  await db
    .deleteFrom('sign_in_throttle')
    .where((eb) => eb.or([eb('key', '=', exact), eb('key', 'like', `${escapeLike(pairPrefix)}%`)]))
    .execute();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
