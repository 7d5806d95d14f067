// What the staff sign-in's steps share (staff-interactions.ts: password, second factor;
// staff-new-password.ts: a temporary password replaced): the console's interaction of a request,
// the steps' paths, the login given to the provider, and the step cookie. The step reached (the
// password checked, then the second factor proven, for this staff member, in this interaction)
// is a short HttpOnly cookie signed with the provider's cookie keys and bound to the
// interaction's uid: no hidden field is trusted, and another interaction or a forged cookie
// starts over. It is bound to the password checked, too (a digest of its stored hash, read
// again at every step, with the e-mail and the temporary-password mark the step's handler uses:
// one read of the account per request): once the password changes or is reset (a supervisor's
// reset, services/staff/staff-links.ts), a step reached before starts over; so whoever checked
// the old password cannot go on to enrol a second factor of their own after a reset.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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
import { readCookie } from '../provider/device-cookie';
import { renderErrorPage } from '../provider/pages';
import { INTERACTION_PATH } from '../provider/provider';

const STEP_COOKIE = 'espace_staff_step';
const STEP_MAX_AGE = 1800;

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

/** What a step keeps of the password hash it checked: 16 bytes of its SHA-256. */
export const passwordKey = (passwordHash: string) =>
  createHash('sha256').update(`staff-step:${passwordHash}`).digest('base64url').slice(0, 22);

const hmac = (key: string, text: string) =>
  createHmac('sha256', key).update(`staff-step:${text}`).digest('base64url');

/** The step of interaction `uid` the step cookie proves, or undefined. */
export function readStep(
  keys: string[],
  request: FastifyRequest,
  uid: string,
): StaffStep | undefined {
  const [payload, signature, extra] =
    readCookie(request.headers.cookie, STEP_COOKIE)?.split('.') ?? [];
  if (!payload || !signature || extra !== undefined) return undefined;
  const valid = keys.some((key) => {
    const expected = Buffer.from(hmac(key, payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return undefined;
  try {
    const step = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      uid?: unknown;
      staffId?: unknown;
      key?: unknown;
      verified?: unknown;
      at?: unknown;
    };
    const fresh = typeof step.at === 'number' && Date.now() - step.at < STEP_MAX_AGE * 1000;
    if (step.uid !== uid || !fresh || typeof step.staffId !== 'string') return undefined;
    if (typeof step.key !== 'string') return undefined;
    return { uid, staffId: step.staffId, key: step.key, verified: step.verified === true };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie value of a step, or the one that clears it. */
export function stepCookie(keys: string[], secure: boolean, value?: StaffStep) {
  const attributes = `Path=${INTERACTION_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (!value) return `${STEP_COOKIE}=; ${attributes}; Max-Age=0`;
  const { uid, staffId, key, verified } = value;
  const step = { uid, staffId, key, ...(verified ? { verified } : {}), at: Date.now() };
  const payload = Buffer.from(JSON.stringify(step)).toString('base64url');
  return `${STEP_COOKIE}=${payload}.${hmac(keys[0]!, payload)}; ${attributes}; Max-Age=${STEP_MAX_AGE}`;
}

/** The paths of the staff sign-in's steps in interaction `uid`. */
export const staffPaths = (uid: string) => {
  const base = `${INTERACTION_PATH}/${uid}/staff`;
  return {
    start: `${INTERACTION_PATH}/${uid}`,
    password: base,
    enrol: `${base}/enrol`,
    code: `${base}/code`,
    newPassword: `${base}/new-password`,
  };
};

/** The login given to the provider once every step is done. */
export const staffLogin = (staffId: string) => ({
  login: { accountId: staffSubject(staffId), amr: ['pwd', 'otp'], remember: false },
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
