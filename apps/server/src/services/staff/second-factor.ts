// The staff's second factor (docs/console.md « Connexion »,
// docs/decisions/0082-staff-sign-in-with-a-second-factor.md): the TOTP and recovery codes of
// services/second-factor/totp.ts, kept in staff_accounts and staff_recovery_codes. Its secrets are
// sealed for the purpose TOTP_SECRET (platform/secrets/reseal.ts). The staff's passkeys, the other
// second factor they may use, are services/account/passkeys.ts's, owned by the staff member.
import type { Db } from '../../db/client';
import { TOTP_SECRET } from '../../platform/secrets/reseal';
import type { SecretKeys } from '../../platform/secrets/sealed-secrets';
import { tableStore } from '../second-factor/table-store';
import * as totp from '../second-factor/totp';

export const TOTP_ISSUER = 'Espace Assuré console';

const staffStore = tableStore({
  issuer: TOTP_ISSUER,
  purpose: TOTP_SECRET,
  factors: 'staff_accounts',
  recoveryCodes: { table: 'staff_recovery_codes', owner: 'staff_id' },
});

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
