// The secret of a cookie session, the portal's (portal-sessions.ts) or the console's
// (staff-sessions.ts; docs/decisions/0065-portal-session-cookie.md): 256 random bits in the
// browser's HttpOnly cookie, and only their SHA-256 as the row's id, so a leaked row does not
// give the cookie back.
import { createHash, randomBytes } from 'node:crypto';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new session's secret (for the cookie, never stored) and its row's id. */
export function drawSessionSecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, id: hashOf(secret) };
}

/** The row id a cookie's secret names, or undefined when it cannot be one of ours. */
export const sessionIdOf = (secret: string): string | undefined =>
  /^[A-Za-z0-9_-]{43}$/.test(secret) ? hashOf(secret) : undefined;
