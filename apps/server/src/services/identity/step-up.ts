// The step-up (docs/decisions/0138-step-up-before-every-new-way-in.md): before a change that
// opens a new way in or out of an account — a passkey added, the second factor turned on or off,
// recovery codes renewed, the password changed, « Mes données » asked for — a fresh proof of the
// owner, for customers and staff alike. Enforces:
// - the proof is kept per provider session (`step_ups.provider_sid`): the portal's cookie, a
//   public client's token and the console's cookie each carry their provider session, so one
//   mechanism serves them all; it holds STEP_UP_MINUTES, then the next such change asks again;
// - a proof is the password, a code of the second factor (TOTP, each step once, or a recovery
//   code, spent) or a signature of one of the owner's own passkeys on a challenge bound to this
//   session; every check is counted first under the session by the sign-in throttle, as the
//   current password's (current-password.ts: 5 a window), so a stolen session guesses no faster
//   than the sign-in form;
// - a session without a proof in the window is refused with StepUpRequiredError (403
//   `step_up_required`), and nothing changes.
import { STEP_UP_MESSAGES, STEP_UP_MINUTES, type StepUpRequest } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { SecretKeys } from '../../platform/secrets/sealed-secrets';
import { InvalidInputError, NotFoundError, StepUpRequiredError } from '../errors';
import { isStaff, ownerKey, type IdentityOwner } from './owner';
import { passkeyChallenge, verifyPasskey } from './passkey-checks';
import type { RelyingParty } from './passkeys';
import { verifyPassword } from './passwords';
import { claimCurrentPasswordCheck } from './sign-in-throttle';
import { verifySecondFactor } from './totp';

export interface StepUpDeps {
  db: Db;
  keys: SecretKeys;
  rp: RelyingParty;
}

/** Who proves: the owner and the provider session the proof is kept for. */
export interface StepUpCaller {
  owner: IdentityOwner;
  sid: string;
}

const challengeKey = (caller: StepUpCaller) => `step-up:${ownerKey(caller.owner)}|${caller.sid}`;

/** The owner's password hash, or undefined (an external provider's customer has none here). */
async function passwordHashOf(db: Db, owner: IdentityOwner): Promise<string | undefined> {
  const row = isStaff(owner)
    ? await db
        .selectFrom('staff_accounts')
        .select('password_hash')
        .where('id', '=', owner.staffId)
        .executeTakeFirst()
    : await db
        .selectFrom('credentials')
        .select('password_hash')
        .where('account_id', '=', owner.accountId)
        .executeTakeFirst();
  return row?.password_hash;
}

/** True when `proof` is the owner's password or a code of their second factor (spent). */
export async function isOwnersProof(
  deps: Omit<StepUpDeps, 'rp'>,
  owner: IdentityOwner,
  proof: string,
) {
  const hash = await passwordHashOf(deps.db, owner);
  if (hash && (await verifyPassword(proof, hash))) return true;
  return (await verifySecondFactor(deps.db, deps.keys, owner, proof)) !== undefined;
}

/** The options of `startAuthentication` for a step-up by one of the owner's passkeys. */
export async function stepUpPasskeyOptions(deps: StepUpDeps, caller: StepUpCaller) {
  const options = await passkeyChallenge(deps.db, deps.rp, challengeKey(caller), caller.owner);
  if (!options) throw new NotFoundError(STEP_UP_MESSAGES.noPasskey);
  return options;
}

/** Checks the proof, counted under the session first; keeps it for the session when right. */
export async function stepUp(
  deps: StepUpDeps,
  caller: StepUpCaller,
  request: StepUpRequest,
): Promise<void> {
  await claimCurrentPasswordCheck(deps.db, `step-up:${caller.sid}`);
  const proven =
    'proof' in request
      ? await isOwnersProof(deps, caller.owner, request.proof)
      : (await verifyPasskey(
          deps.db,
          deps.rp,
          challengeKey(caller),
          request.passkey,
          caller.owner,
        )) !== undefined;
  if (!proven) {
    if ('proof' in request) {
      const message = STEP_UP_MESSAGES.wrongProof;
      throw new InvalidInputError(message, { proof: message });
    }
    throw new InvalidInputError(STEP_UP_MESSAGES.passkeyRefused);
  }
  await markSteppedUp(deps.db, caller.sid);
}

/** Keeps a fresh proof for the session (a proof given with the change itself counts too). */
export async function markSteppedUp(db: Db, sid: string): Promise<void> {
  await db
    .insertInto('step_ups')
    .values({ provider_sid: sid })
    .onConflict((oc) => oc.column('provider_sid').doUpdateSet({ stepped_up_at: sql`now()` }))
    .execute();
}

/** Refuses (403 step_up_required) unless the session gave a proof within the window. */
export async function requireSteppedUp(db: Db, sid: string | undefined): Promise<void> {
  const row = sid
    ? await db
        .selectFrom('step_ups')
        .select('provider_sid')
        .where('provider_sid', '=', sid)
        .where('stepped_up_at', '>', sql<Date>`now() - make_interval(mins => ${STEP_UP_MINUTES})`)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new StepUpRequiredError(STEP_UP_MESSAGES.required);
}

/** Proofs past their window are dead weight only (requireSteppedUp ignores them). */
export async function purgeStepUps(db: Db): Promise<void> {
  await sql`delete from step_ups where stepped_up_at <= now() - make_interval(mins => ${STEP_UP_MINUTES})`.execute(
    db,
  );
}
