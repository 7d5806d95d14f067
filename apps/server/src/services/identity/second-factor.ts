// A customer's optional second factor for password sign-ins ('Mon compte' › « Sécurité »,
// docs/product/account.md, docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md):
// the staff's TOTP and recovery codes (totp.ts), kept in customer_second_factors and
// customer_recovery_codes (totp-store.ts), sealed for CUSTOMER_TOTP_SECRET. Enforces:
// - turning it on shows a pending secret (QR code and text) and saves it only when a code of the
//   app confirms it; the recovery codes are then shown once;
// - turning it off takes the password, a code of the app or a recovery code: every check is
//   counted under the caller's provider session like the current password's
//   (current-password.ts: 5 per window), so a stolen token guesses no faster than the sign-in;
// - turning it on asks for a fresh proof first (step-up.ts, checked by the routes), as do new
//   recovery codes (recovery-codes.ts);
// - both are mailed to the customer with a « Ce n’était pas moi » link (identity-changes.ts), in
//   the change's transaction, so someone who got in cannot turn it off or on silently;
// - the sign-in's code step (oidc/customer-sign-in/customer-second-factor.ts) asks for it after every right
//   password of an account that has it; a passkey sign-in does not (it is two factors already).
import {
  SECOND_FACTOR_MESSAGES,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@espace/contract';
import type { Db } from '../../db/client';
import type { SecretKeys } from '../../platform/secrets/sealed-secrets';
import * as totp from './totp';
import { ConflictError, InvalidInputError } from '../errors';
import { queueSecondFactorResetMail, type IdentityMailDeps } from './identity-change-mail';
import { recordIdentityChange, type IdentityChangeDeps } from './identity-changes';
import { verifyPassword } from './passwords';
import { claimCurrentPasswordCheck } from './sign-in-throttle';

export interface SecondFactorDeps extends IdentityChangeDeps {
  keys: SecretKeys;
}

/** The caller: the account, its provider session (the checks' throttle key), its browser. */
export interface SecondFactorCaller {
  accountId: string;
  sid: string | undefined;
  userAgent: string | undefined;
}

/** True when the account signs in with a code after its password. */
export async function hasSecondFactor(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customer_second_factors')
    .select('id')
    .where('id', '=', accountId)
    .where('totp_secret', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function secondFactorStatus(db: Db, accountId: string): Promise<SecondFactorStatus> {
  const row = await db
    .selectFrom('customer_second_factors')
    .select(['totp_secret', 'totp_enrolled_at'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row?.totp_secret) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const left = await db
    .selectFrom('customer_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    enabled: true,
    enabledAt: row.totp_enrolled_at ? new Date(row.totp_enrolled_at).toISOString() : null,
    recoveryCodesLeft: Number(left.n),
  };
}

/** The secret to add to the app (the same until confirmed); 409 when it is on already. */
export async function startSecondFactor(
  deps: SecondFactorDeps,
  accountId: string,
): Promise<SecondFactorEnrolment> {
  if (await hasSecondFactor(deps.db, accountId))
    throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadyOn);
  const { email } = await deps.db
    .selectFrom('accounts')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return totp.pendingEnrolment(deps.db, deps.keys, { accountId }, email);
}

const claimCheck = async (db: Db, caller: SecondFactorCaller) => {
  await claimCurrentPasswordCheck(db, caller.sid ?? `account:${caller.accountId}`);
};

/** Confirms the secret shown with a code of the app: on, mailed, the recovery codes returned. */
export async function confirmSecondFactor(
  deps: SecondFactorDeps,
  caller: SecondFactorCaller,
  code: string,
): Promise<string[]> {
  if (await hasSecondFactor(deps.db, caller.accountId))
    throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadyOn);
  await claimCheck(deps.db, caller);
  const owner = { accountId: caller.accountId };
  let mailed = false;
  const codes = await totp.confirmEnrolment(
    deps.db,
    deps.keys,
    owner,
    code,
    Date.now(),
    async (trx, enrolledAt) => {
      const change = { kind: 'second_factor_on', userAgent: caller.userAgent } as const;
      const target = enrolledAt.toISOString();
      mailed = await recordIdentityChange(trx, deps, owner, { ...change, target });
    },
  );
  if (!codes) {
    const message = SECOND_FACTOR_MESSAGES.wrongCode;
    throw new InvalidInputError(message, { code: message });
  }
  if (mailed) deps.outbox.wake();
  return codes;
}

/** Turns it off, proven by the password, a code of the app or a recovery code; mailed. */
export async function removeSecondFactor(
  deps: SecondFactorDeps,
  caller: SecondFactorCaller,
  proof: string,
): Promise<void> {
  const { db } = deps;
  if (!(await hasSecondFactor(db, caller.accountId)))
    throw new ConflictError(SECOND_FACTOR_MESSAGES.notOn);
  await claimCheck(db, caller);
  const credentials = await db
    .selectFrom('credentials')
    .select('password_hash')
    .where('account_id', '=', caller.accountId)
    .executeTakeFirst();
  const proven =
    (await verifySecondFactor(deps, caller.accountId, proof)) !== undefined ||
    (credentials !== undefined && (await verifyPassword(proof, credentials.password_hash)));
  if (!proven) {
    const message = SECOND_FACTOR_MESSAGES.wrongProof;
    throw new InvalidInputError(message, { proof: message });
  }
  const mailed = await db.transaction().execute(async (trx) => {
    await eraseSecondFactor(trx, caller.accountId);
    const change = { kind: 'second_factor_off', userAgent: caller.userAgent } as const;
    return recordIdentityChange(trx, deps, { accountId: caller.accountId }, change);
  });
  if (mailed) deps.outbox.wake();
}

/**
 * Turns it off for the broker, when the customer lost both their app and their recovery codes
 * and asked by other means (the console, supervisors only): mailed to the customer, and
 * `record` (the staff journal's entry) written in the same transaction. ConflictError when off.
 */
export async function resetSecondFactorForCustomer(
  deps: IdentityMailDeps & { db: Db },
  accountId: string,
  record: (trx: Db) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // The one statement that finds it on and turns it off: two supervisors at once, one mail.
    const removed = await trx
      .deleteFrom('customer_second_factors')
      .where('id', '=', accountId)
      .where('totp_secret', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!removed) throw new ConflictError(SECOND_FACTOR_MESSAGES.notOn);
    await eraseSecondFactor(trx, accountId);
    await queueSecondFactorResetMail(trx, deps, accountId);
    await record(trx);
  });
  if (deps.outbox.mail) deps.outbox.wake();
}

/** Checks a code at sign-in (each TOTP step once, each recovery code once). */
export const verifySecondFactor = (
  deps: { db: Db; keys: SecretKeys },
  accountId: string,
  input: string,
) => totp.verifySecondFactor(deps.db, deps.keys, { accountId }, input);

/** The second factor goes with the account's online access (delete-account.ts), or when off. */
export async function eraseSecondFactor(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('customer_recovery_codes').where('account_id', '=', accountId).execute();
  await db.deleteFrom('customer_second_factors').where('id', '=', accountId).execute();
}
