// The staff's second factor (docs/console.md « Connexion »,
// docs/decisions/0082-staff-sign-in-with-a-second-factor.md): TOTP (RFC 6238: SHA-1, 6 digits,
// 30-second steps, with the otpauth library) and single-use recovery codes. Enforces:
// - enrolment keeps a pending secret (the same while its QR code is shown) and saves it only
//   when a valid code from the authenticator confirms it; it then gives 10 recovery codes,
//   shown once: only their SHA-256 is stored;
// - a code is accepted within one step either side of now, and each step once: the last one
//   accepted is kept (`totp_last_step`) and a conditional update refuses any step not after it,
//   so a code seen over a shoulder or replayed by two instances at once is refused;
// - a recovery code is spent by the update that marks it used: usable once;
// - the TOTP secret, pending or enrolled, is stored sealed under SECRETS_KEY (platform/secrets/,
//   docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md): a dump of the database
//   gives no one the codes of a staff member's authenticator.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { TOTP_SECRET } from '../../platform/secrets/reseal';
import { open, seal, type SecretKeys } from '../../platform/secrets/sealed-secrets';

export const TOTP_ISSUER = 'Espace Assuré console';
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** The time step a 6-digit code stands for, within ±1 step of now, or undefined. */
function stepOf(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = totpOf(secret);
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
  staff: { id: string; email: string },
): Promise<Enrolment> {
  const row = await db
    .selectFrom('staff_accounts')
    .select('totp_pending_secret')
    .where('id', '=', staff.id)
    .executeTakeFirstOrThrow();
  let secret = row.totp_pending_secret && open(keys, row.totp_pending_secret, TOTP_SECRET);
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    await db
      .updateTable('staff_accounts')
      .set({ totp_pending_secret: seal(keys, secret, TOTP_SECRET) })
      .where('id', '=', staff.id)
      .execute();
  }
  const uri = totpOf(secret, staff.email).toString();
  // Loaded on a first enrolment only: no start-up pays for the QR code encoder and its PNG code.
  const { toString: qrCode } = await import('qrcode');
  const qrSvg = await qrCode(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * Confirms the pending secret with a code: saves it and returns the new recovery codes (shown
 * once), or undefined when the code is wrong or nothing is pending.
 */
export async function confirmEnrolment(
  db: Db,
  keys: SecretKeys,
  staffId: string,
  code: string,
  now = Date.now(),
): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('staff_accounts')
    .select('totp_pending_secret')
    .where('id', '=', staffId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  // Sealed: it becomes the enrolled secret as it is (one purpose for both columns).
  const pending = row?.totp_pending_secret;
  const step = pending ? stepOf(open(keys, pending, TOTP_SECRET), code.trim(), now) : undefined;
  if (!pending || step === undefined) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('staff_accounts')
      .set({
        totp_secret: pending,
        totp_pending_secret: null,
        totp_enrolled_at: new Date(now),
        totp_last_step: step,
      })
      .where('id', '=', staffId)
      .where('totp_secret', 'is', null)
      .where('totp_pending_secret', '=', pending)
      .executeTakeFirst();
    if (saved.numUpdatedRows !== 1n) return undefined;
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(codes.map((c) => ({ staff_id: staffId, code_hash: hashOf(normalRecoveryCode(c)) })))
      .execute();
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
  staffId: string,
  input: string,
  now = Date.now(),
): Promise<'otp' | 'recovery' | undefined> {
  const code = input.trim();
  const row = await db
    .selectFrom('staff_accounts')
    .select('totp_secret')
    .where('id', '=', staffId)
    .executeTakeFirst();
  if (!row?.totp_secret) return undefined;
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(open(keys, row.totp_secret, TOTP_SECRET), code, now);
    if (step === undefined) return undefined;
    const used = await db
      .updateTable('staff_accounts')
      .set({ totp_last_step: step })
      .where('id', '=', staffId)
      .where((eb) =>
        eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]),
      )
      .executeTakeFirst();
    return used.numUpdatedRows === 1n ? 'otp' : undefined;
  }
  const normal = normalRecoveryCode(code);
  if (!/^[A-Z0-9]{10}$/.test(normal)) return undefined;
  const spent = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: new Date(now) })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', hashOf(normal))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return spent.numUpdatedRows === 1n ? 'recovery' : undefined;
}
