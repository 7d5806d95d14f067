// The secret of a cookie session, the portal's (portal-sessions.ts) or the console's
// (staff-sessions.ts; docs/decisions/0065-portal-session-cookie.md): 256 random bits in the
// browser's HttpOnly cookie, and only their SHA-256 as the row's id, so a leaked row does not
// give the cookie back. A password change gives the browser that made it a new secret
// (`renewSession`): a copy of its old cookie opens nothing any more
// (docs/decisions/0138-step-up-before-every-new-way-in.md).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/client';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new session's secret (for the cookie, never stored) and its row's id. */
export function drawSessionSecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, id: hashOf(secret) };
}

/** The row id a cookie's secret names, or undefined when it cannot be one of ours. */
export const sessionIdOf = (secret: string): string | undefined =>
  /^[A-Za-z0-9_-]{43}$/.test(secret) ? hashOf(secret) : undefined;

/**
 * Moves the session of `secret` to a new secret, in `table`, with the same owner, provider session
 * and expiry: the new secret, or undefined when the old one opened no session.
 */
export async function renewSession(
  db: Db,
  table: 'portal_sessions' | 'staff_sessions',
  secret: string,
): Promise<string | undefined> {
  const old = sessionIdOf(secret);
  if (!old) return undefined;
  const renewed = drawSessionSecret();
  // One statement: the row changes its id, so the old cookie's id names nothing at once.
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(table)} set id = ${renewed.id}
    where id = ${old} and expires_at > now()
    returning id`.execute(db);
  return rows.length ? renewed.secret : undefined;
}
