// The staff's second factor (docs/console.md « Connexion »,
// docs/decisions/0082-staff-sign-in-with-a-second-factor.md): the TOTP and recovery codes of
// services/second-factor/totp.ts, kept in staff_accounts and staff_recovery_codes. Its secrets are
// sealed for the purpose TOTP_SECRET (platform/secrets/reseal.ts). The staff's passkeys, the other
// second factor they may use, are services/account/passkeys.ts's, owned by the staff member.
import type { Db } from '../../db/client';
import { TOTP_SECRET } from '../../platform/secrets/reseal';
import type { SecretKeys } from '../../platform/secrets/sealed-secrets';
import * as totp from '../second-factor/totp';

export const TOTP_ISSUER = 'Espace Assuré console';

const staffStore: totp.TotpStore = {
  issuer: TOTP_ISSUER,
  purpose: TOTP_SECRET,
  async secrets(db, id) {
    const row = await db
      .selectFrom('staff_accounts')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', id)
      .executeTakeFirst();
    return { secret: row?.totp_secret ?? null, pending: row?.totp_pending_secret ?? null };
  },
  async savePending(db, id, sealed) {
    await db
      .updateTable('staff_accounts')
      .set({ totp_pending_secret: sealed })
      .where('id', '=', id)
      .execute();
  },
  async enrol(db, id, pending, step, now) {
    const saved = await db
      .updateTable('staff_accounts')
      .set({
        totp_secret: pending,
        totp_pending_secret: null,
        totp_enrolled_at: now,
        totp_last_step: step,
      })
      .where('id', '=', id)
      .where('totp_secret', 'is', null)
      .where('totp_pending_secret', '=', pending)
      .executeTakeFirst();
    return saved.numUpdatedRows === 1n;
  },
  async replaceRecoveryCodes(db, id, hashes) {
    await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', id).execute();
    await db
      .insertInto('staff_recovery_codes')
      .values(hashes.map((code_hash) => ({ staff_id: id, code_hash })))
      .execute();
  },
  async advanceStep(db, id, step) {
    const used = await db
      .updateTable('staff_accounts')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]),
      )
      .executeTakeFirst();
    return used.numUpdatedRows === 1n;
  },
  async spendRecoveryCode(db, id, hash, now) {
    const spent = await db
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('staff_id', '=', id)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return spent.numUpdatedRows === 1n;
  },
};

/** The enrolment to show: the pending secret, a new one if none is pending. */
export const pendingEnrolment = (db: Db, keys: SecretKeys, staff: { id: string; email: string }) =>
  totp.pendingEnrolment(staffStore, db, keys, staff);

/** Confirms the pending secret with a code: the recovery codes, or undefined. */
export const confirmEnrolment = (
  db: Db,
  keys: SecretKeys,
  staffId: string,
  code: string,
  now = Date.now(),
) => totp.confirmEnrolment(staffStore, db, keys, staffId, code, now);

/** Checks a TOTP or recovery code: how it was proven, or undefined when refused. */
export const verifySecondFactor = (
  db: Db,
  keys: SecretKeys,
  staffId: string,
  input: string,
  now = Date.now(),
) => totp.verifySecondFactor(staffStore, db, keys, staffId, input, now);
