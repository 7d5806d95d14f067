// What the staff sign-in leaves in the journal (services/staff/audit.ts, docs/console.md
// « Journal »), besides the sign-in itself (console-session.ts): every password checked and
// refused (`staff.sign_in_failed`: a wrong password under the account, an e-mail of no enabled
// account under that e-mail as typed, cut to TYPED_EMAIL_MAX characters; never the password),
// every code checked and refused (`staff.code_refused`: TOTP or recovery code, at enrolment or at
// the code step; never the code) and every enrolment of a second factor (`staff.enrolled`). Each
// with the address and the browser. The journal is never purged, so what anyone may send is
// written only as far as the sign-in throttle lets it be checked: a refusal by the throttle is
// written once, for the attempt that crossed its limit (`reason: throttled`), not for each
// refused post after it (services/identity/sign-in-throttle.ts `crossed`). So a flood from one
// address adds, per window, at most 30 rows of passwords checked (the address's limit; 5 per
// account, unknown e-mails included) and one row per limit crossed.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import {
  recordStaffAudit,
  recordStaffEntry,
  TYPED_EMAIL_MAX,
  UNKNOWN_STAFF,
} from '../../services/staff/audit';

const from = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * A password refused at the console's sign-in (the account's, else the e-mail as typed), or the
 * throttle's limit crossed by this attempt.
 */
export async function signInFailed(
  db: Db,
  request: FastifyRequest,
  attempt: { email: string; staffId?: string | undefined; reason: 'password' | 'throttled' },
): Promise<void> {
  const reason = attempt.staffId || attempt.reason === 'throttled' ? attempt.reason : 'unknown';
  await recordStaffAudit(
    db,
    {
      id: attempt.staffId ?? UNKNOWN_STAFF,
      email: attempt.email.slice(0, TYPED_EMAIL_MAX),
      ...from(request),
    },
    {
      action: 'staff.sign_in_failed',
      targetKind: 'staff',
      targetId: attempt.staffId ?? null,
      details: { reason },
    },
  );
}

/** A second-factor code (or passkey) refused (wrong or used) at `step`, or the throttle's limit crossed. */
export const codeRefused = (
  db: Db,
  request: FastifyRequest,
  staffId: string,
  details: { step: 'enrol' | 'code' | 'passkey'; reason: 'wrong' | 'throttled' },
) =>
  recordStaffEntry(db, staffId, from(request), {
    action: 'staff.code_refused',
    targetKind: 'staff',
    targetId: staffId,
    details,
  });

/** A second factor enrolled (a first sign-in, or after a reset). */
export const enrolled = (db: Db, request: FastifyRequest, staffId: string) =>
  recordStaffEntry(db, staffId, from(request), {
    action: 'staff.enrolled',
    targetKind: 'staff',
    targetId: staffId,
  });
