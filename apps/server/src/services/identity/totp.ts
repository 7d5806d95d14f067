// One TOTP second factor for whoever has one (owner.ts): the staff (mandatory at their sign-in)
// and customers who turn it on for their password sign-ins (second-factor.ts)
// (docs/decisions/0082-staff-sign-in-with-a-second-factor.md,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md). TOTP per RFC 6238
// (SHA-1, 6 digits, 30-second steps, the otpauth library) and single-use recovery codes; each
// owner's kind has a store (its tables' reads and conditional updates, totp-store.ts), the rules are
// here once:
// - enrolment keeps a pending secret (the same while its QR code is shown) and saves it only
//   when a valid code from the authenticator confirms it; it then gives 10 recovery codes,
//   shown once: only their SHA-256 is stored;
// - a code is accepted within one step either side of now, and each step once: the last one
//   accepted is kept (`totp_last_step`) and a conditional update refuses any step not after it,
//   so a code seen over a shoulder or replayed by two instances at once is refused;
// - a recovery code is spent by the update that marks it used: usable once;
// - the TOTP secret, pending or enrolled, is stored sealed under SECRETS_KEY (platform/secrets/,
//   docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md), under the store's
//   purpose: a dump of the database gives no one the codes of an authenticator.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { open, seal, type SecretKeys } from '../../platform/secrets/sealed-secrets';
import type { IdentityOwner } from './owner';
import { storeOf } from './totp-store';

const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const totpOf = (issuer: string, secret: string, label = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** The time step a 6-digit code stands for, within ±1 step of now, or undefined. */
function stepOf(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = totpOf('', secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export interface Enrolment {
  /** The secret in base32, for manual entry. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code, an inline SVG. */
  qrSvg: string;
}

/** The enrolment to show: the pending secret, a new one if none is pending. */
export async function pendingEnrolment(
  db: Db,
  keys: SecretKeys,
  owner: IdentityOwner,
  email: string,
): Promise<Enrolment> {
  const { store, id } = storeOf(owner);
  const row = await store.secrets(db, id);
  let secret = row.pending && open(keys, row.pending, store.purpose);
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    await store.savePending(db, id, seal(keys, secret, store.purpose));
  }
  const uri = totpOf(store.issuer, secret, email).toString();
  // Loaded on a first enrolment only: no start-up pays for the QR code encoder and its PNG code.
  const { toString: qrCode } = await import('qrcode');
  const qrSvg = await qrCode(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * Confirms the pending secret with a code: saves it and returns the new recovery codes (shown
 * once), or undefined when the code is wrong, nothing is pending or a secret is enrolled.
 * `also` runs in the enrolment's transaction, given its time (the change's mail).
 */
export async function confirmEnrolment(
  db: Db,
  keys: SecretKeys,
  owner: IdentityOwner,
  code: string,
  now = Date.now(),
  also?: (trx: Db, enrolledAt: Date) => Promise<void>,
): Promise<string[] | undefined> {
  const { store, id } = storeOf(owner);
  const row = await store.secrets(db, id);
  // Sealed: it becomes the enrolled secret as it is (one purpose for both columns).
  const pending = row.secret ? null : row.pending;
  const step = pending ? stepOf(open(keys, pending, store.purpose), code.trim(), now) : undefined;
  if (!pending || step === undefined) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  return db.transaction().execute(async (trx) => {
    if (!(await store.enrol(trx, id, pending, step, new Date(now)))) return undefined;
    await store.replaceRecoveryCodes(
      trx,
      id,
      codes.map((c) => hashOf(normalRecoveryCode(c))),
    );
    await also?.(trx, new Date(now));
    return codes;
  });
}

/**
 * Checks a TOTP code (each step once) or a recovery code (each once): how it was proven, or
 * undefined when refused.
 */
export async function verifySecondFactor(
  db: Db,
  keys: SecretKeys,
  owner: IdentityOwner,
  input: string,
  now = Date.now(),
): Promise<'otp' | 'recovery' | undefined> {
  const { store, id } = storeOf(owner);
  const code = input.trim();
  const { secret } = await store.secrets(db, id);
  if (!secret) return undefined;
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(open(keys, secret, store.purpose), code, now);
    if (step === undefined) return undefined;
    return (await store.advanceStep(db, id, step)) ? 'otp' : undefined;
  }
  const normal = normalRecoveryCode(code);
  if (!/^[A-Z0-9]{10}$/.test(normal)) return undefined;
  return (await store.spendRecoveryCode(db, id, hashOf(normal), new Date(now)))
    ? 'recovery'
    : undefined;
}

/** One value for a set of recovery codes: what an undo compares before dropping them. */
const fingerprintOf = (hashes: string[]) => hashOf([...hashes].sort().join(','));

/**
 * New recovery codes in place of the owner's (shown once, the old ones no longer work) and
 * their set's fingerprint; undefined when no second factor is enrolled.
 */
export async function renewRecoveryCodes(
  db: Db,
  owner: IdentityOwner,
): Promise<{ codes: string[]; fingerprint: string } | undefined> {
  const { store, id } = storeOf(owner);
  if (!(await store.enrolledAt(db, id))) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = codes.map((c) => hashOf(normalRecoveryCode(c)));
  await store.replaceRecoveryCodes(db, id, hashes);
  return { codes, fingerprint: fingerprintOf(hashes) };
}

/** Undoes an enrolment confirmed at `enrolledAt` (ISO), if it is still the one on. */
export async function forgetEnrolment(db: Db, owner: IdentityOwner, enrolledAt: string) {
  const { store, id } = storeOf(owner);
  await store.forgetEnrolment(db, id, new Date(enrolledAt));
}

/** Drops the owner's recovery codes if they are still the set of `fingerprint`. */
export async function dropRecoveryCodes(db: Db, owner: IdentityOwner, fingerprint: string) {
  const { store, id } = storeOf(owner);
  if (fingerprintOf(await store.recoveryCodeHashes(db, id)) === fingerprint)
    await store.dropRecoveryCodes(db, id);
}
