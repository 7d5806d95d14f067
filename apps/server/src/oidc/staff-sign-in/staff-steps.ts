// What the staff sign-in's steps share (staff-interactions.ts: password, second factor;
// staff-new-password.ts: a temporary password replaced): the console's interaction of a request,
// the steps' paths, the login given to the provider, and the step cookie. The step reached (the
// password checked, then the second factor proven, for this staff member, in this interaction)
// is the signed step cookie of provider/step-cookie.ts, bound to the interaction's uid and to the
// password checked (read again at every step, with the e-mail and the temporary-password mark
// the step's handler uses: one read of the account per request): once the password changes or
// is reset (a supervisor's reset, services/staff/staff-links.ts), a step reached before starts
// over; so whoever checked the old password cannot go on to enrol a second factor of their own.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { sendHtml } from '../../http/html';
import {
  enabledStaffCredentials,
  staffSubject,
  type StaffCredentials,
} from '../../services/staff/staff-accounts';
import { isConsoleClient } from '../provider/console-provider';
import { passwordKey, stepCookies } from '../provider/step-cookie';
import { renderErrorPage } from '../provider/pages';
import { INTERACTION_PATH } from '../provider/provider';

const steps = stepCookies('espace_staff_step');

/** The step reached in an interaction. */
export interface StaffStep {
  uid: string;
  staffId: string;
  /** The digest of the password hash checked (passwordKey). */
  key: string;
  /** The second factor is proven too (set only on the way to a new password). */
  verified?: boolean;
}

/** A step of this request and its account, read once (the step cookie holds only the step). */
export interface SteppedIn extends StaffStep {
  account: StaffCredentials;
}

export { passwordKey };

/** The step of interaction `uid` the step cookie proves, or undefined. */
export function readStep(
  keys: string[],
  request: FastifyRequest,
  uid: string,
): StaffStep | undefined {
  const step = steps.read(keys, request, uid);
  if (!step) return undefined;
  const { id, ...rest } = step;
  return { ...rest, staffId: id };
}

/** The Set-Cookie value of a step, or the one that clears it. */
export function stepCookie(keys: string[], secure: boolean, value?: StaffStep) {
  if (!value) return steps.write(keys, secure);
  const { staffId, uid, key, verified } = value;
  return steps.write(keys, secure, { uid, id: staffId, key, ...(verified ? { verified } : {}) });
}

/** The paths of the staff sign-in's steps in interaction `uid`. */
export const staffPaths = (uid: string) => {
  const base = `${INTERACTION_PATH}/${uid}/staff`;
  return {
    start: `${INTERACTION_PATH}/${uid}`,
    password: base,
    enrol: `${base}/enrol`,
    code: `${base}/code`,
    passkey: base,
    newPassword: `${base}/new-password`,
  };
};

/**
 * The login given to the provider once every step is done: the password and a code (`otp`) or
 * a passkey (`hwk`, staff-passkey.ts).
 */
export const staffLogin = (staffId: string, second: 'otp' | 'hwk' = 'otp') => ({
  login: { accountId: staffSubject(staffId), amr: ['pwd', second], remember: false },
});

/** The console's login interaction of the request's uid, or undefined (the error page is sent). */
export async function consoleInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === 'login' && isConsoleClient(String(details.params.client_id)))
      return details.uid;
  } catch {
    // An unknown or expired interaction: the error page below.
  }
  await sendHtml(reply, 400, renderErrorPage());
  return undefined;
}

/**
 * The step of the request's interaction with its enabled account, or undefined after sending
 * the password form again.
 */
export async function steppedIn(
  provider: Provider,
  { db, keys }: { db: Db; keys: string[] },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SteppedIn | undefined> {
  const uid = await consoleInteraction(provider, request, reply);
  if (!uid) return undefined;
  const step = readStep(keys, request, uid);
  const account = step && (await enabledStaffCredentials(db, step.staffId));
  if (!step || !account || passwordKey(account.password_hash) !== step.key) {
    await reply.header('cache-control', 'no-store').redirect(staffPaths(uid).start, 303);
    return undefined;
  }
  return { ...step, account };
}
