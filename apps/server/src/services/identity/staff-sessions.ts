// The staff console's cookie sessions (docs/console.md « Connexion »), built as the portal's
// (services/identity/portal-sessions.ts, docs/decisions/0065-portal-session-cookie.md): the
// browser holds a random secret in an HttpOnly cookie, the row its SHA-256 only, the staff
// member and the provider session the sign-in (password and second factor) opened. Enforces:
// - a session opens only while its row lives (STAFF_SESSION_TTL_SECONDS from sign-in), its
//   provider session exists and its staff account is not disabled nor still on a temporary
//   password (staff-passwords.ts): one indexed read a request;
// - a leaked row does not give the cookie back.
import type { StaffMember, StaffRole } from '@espace/contract';
import type { Db } from '../../db/client';
import { drawSessionSecret, sessionIdOf } from './session-secret';

/** A working day: the console asks for the password and the code again after 8 hours. */
export const STAFF_SESSION_TTL_SECONDS = 8 * 3600;

export interface StaffSession extends StaffMember {
  /** The provider session it belongs to (sign-out ends both). */
  providerSid: string;
}

/** Opens a session for a staff member signed in with both factors; returns the cookie's secret. */
export async function openStaffSession(
  db: Db,
  session: { staffId: string; providerSid: string },
): Promise<string> {
  const { secret, id } = drawSessionSecret();
  await db
    .insertInto('staff_sessions')
    .values({
      id,
      staff_id: session.staffId,
      provider_sid: session.providerSid,
      expires_at: new Date(Date.now() + STAFF_SESSION_TTL_SECONDS * 1000),
    })
    .execute();
  return secret;
}

/** The live session a cookie's secret opens, with its staff member, or undefined. */
export async function findStaffSession(db: Db, secret: string): Promise<StaffSession | undefined> {
  const id = sessionIdOf(secret);
  if (!id) return undefined;
  const now = new Date();
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_accounts as a', 'a.id', 's.staff_id')
    .innerJoin('oidc_payloads as o', (join) =>
      join.onRef('o.uid', '=', 's.provider_sid').on('o.type', '=', 'Session'),
    )
    .select(['a.id', 'a.email', 'a.display_name', 'a.role', 's.provider_sid'])
    .where('s.id', '=', id)
    .where('s.expires_at', '>', now)
    .where('a.disabled_at', 'is', null)
    .where('a.must_change_password', '=', false)
    .where((eb) => eb.or([eb('o.expires_at', 'is', null), eb('o.expires_at', '>', now)]))
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      role: row.role as StaffRole,
      providerSid: row.provider_sid,
    }
  );
}

/** Ends the session a cookie's secret names (sign-out); returns it, if it lived. */
export async function closeStaffSession(
  db: Db,
  secret: string,
): Promise<{ staffId: string; providerSid: string } | undefined> {
  const row = await db
    .deleteFrom('staff_sessions')
    .where('id', '=', sessionIdOf(secret) ?? '')
    .returning(['staff_id', 'provider_sid'])
    .executeTakeFirst();
  return row && { staffId: row.staff_id, providerSid: row.provider_sid };
}

/** Expired rows are dead weight only (findStaffSession ignores them). */
export async function purgeExpiredStaffSessions(db: Db): Promise<void> {
  await db.deleteFrom('staff_sessions').where('expires_at', '<=', new Date()).execute();
}
