// A step reached in a sign-in interaction that asks for more than a password: the staff's
// (staff-sign-in/staff-steps.ts) and a customer's with a second factor (customer-second-factor.ts).
// The step (the password checked, for this subject, in this interaction) is a short HttpOnly
// cookie signed with the provider's cookie keys and bound to the interaction's uid: no hidden
// field is trusted, and another interaction or a forged cookie starts over. It is bound to the
// password checked too (a digest of its stored hash, compared again at every step): once the
// password changes or is reset, a step reached before starts over.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { readCookie } from './device-cookie';
import { INTERACTION_PATH } from './provider';

const STEP_MAX_AGE = 1800;

/** The step reached in an interaction. */
export interface SignedStep {
  uid: string;
  /** Whose password was checked: a staff member's id or a customer's account id. */
  id: string;
  /** The digest of the password hash checked (passwordKey). */
  key: string;
  /** The second factor is proven too (set only on the way to a new password). */
  verified?: boolean;
}

/** What a step keeps of the password hash it checked: 16 bytes of its SHA-256. */
export const passwordKey = (passwordHash: string) =>
  createHash('sha256').update(`staff-step:${passwordHash}`).digest('base64url').slice(0, 22);

const hmac = (key: string, text: string) =>
  createHmac('sha256', key).update(`staff-step:${text}`).digest('base64url');

/** The steps kept in the cookie `name`. */
export function stepCookies(name: string) {
  /** The step of interaction `uid` the cookie proves, or undefined. */
  function read(keys: string[], request: FastifyRequest, uid: string): SignedStep | undefined {
    const [payload, signature, extra] = readCookie(request.headers.cookie, name)?.split('.') ?? [];
    if (!payload || !signature || extra !== undefined) return undefined;
    const valid = keys.some((key) => {
      const expected = Buffer.from(hmac(key, `${name}:${payload}`));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!valid) return undefined;
    try {
      const step = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
        uid?: unknown;
        id?: unknown;
        key?: unknown;
        verified?: unknown;
        at?: unknown;
      };
      const fresh = typeof step.at === 'number' && Date.now() - step.at < STEP_MAX_AGE * 1000;
      if (step.uid !== uid || !fresh || typeof step.id !== 'string') return undefined;
      if (typeof step.key !== 'string') return undefined;
      return { uid, id: step.id, key: step.key, verified: step.verified === true };
    } catch {
      return undefined;
    }
  }

  /** The Set-Cookie value of a step, or the one that clears it. */
  function write(keys: string[], secure: boolean, value?: SignedStep) {
    const attributes = `Path=${INTERACTION_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    if (!value) return `${name}=; ${attributes}; Max-Age=0`;
    const { uid, id, key, verified } = value;
    const step = { uid, id, key, ...(verified ? { verified } : {}), at: Date.now() };
    const payload = Buffer.from(JSON.stringify(step)).toString('base64url');
    return `${name}=${payload}.${hmac(keys[0]!, `${name}:${payload}`)}; ${attributes}; Max-Age=${STEP_MAX_AGE}`;
  }

  return { read, write };
}
