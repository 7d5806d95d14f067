// The portal's cookie sessions (docs/decisions/0065-portal-session-cookie.md). The browser holds
// a random secret in an HttpOnly cookie; the row holds its SHA-256 only, the account and the
// provider session (`sid`) the sign-in opened. Enforces:
// - a session opens only what its row names: its account, and nothing once it has expired
//   (PORTAL_SESSION_TTL_SECONDS from sign-in, the provider session's own lifetime) or once its
//   provider session is gone — sign-out, password change, reset and account deletion end
//   provider sessions (sessions.ts), so they end these at once on every instance;
// - one indexed read per request (the row joined to its provider session), nothing in process;
// - a leaked database row does not give the cookie back (only its hash is stored).
import type { Db } from '../../db/client';
import { drawSessionSecret, sessionIdOf } from './session-secret';

/** The provider session's and the refresh token's lifetime (oidc/provider/provider.ts): 8 hours. */
export const PORTAL_SESSION_TTL_SECONDS = 8 * 3600;

export interface PortalSession {
  accountId: string;
  /** The provider session it belongs to (what a password change keeps). */
  providerSid: string;
}

/** Opens a session; returns the secret for the cookie (never stored). */
export async function openPortalSession(db: Db, session: PortalSession): Promise<string> {
  const { secret, id } = drawSessionSecret();
  await db
    .insertInto('portal_sessions')
    .values({
      id,
      account_id: session.accountId,
      provider_sid: session.providerSid,
      expires_at: new Date(Date.now() + PORTAL_SESSION_TTL_SECONDS * 1000),
    })
    .execute();
  return secret;
}

/** The live session a cookie's secret opens, or undefined. */
export async function findPortalSession(
  db: Db,
  secret: string,
): Promise<PortalSession | undefined> {
  const id = sessionIdOf(secret);
  if (!id) return undefined;
  const now = new Date();
  const row = await db
    .selectFrom('portal_sessions as p')
    .innerJoin('oidc_payloads as o', (join) =>
      join
        .onRef('o.uid', '=', 'p.provider_sid')
        .onRef('o.account_id', '=', 'p.account_id')
        .on('o.type', '=', 'Session'),
    )
    .select(['p.account_id', 'p.provider_sid'])
    .where('p.id', '=', id)
    .where('p.expires_at', '>', now)
    .where((eb) => eb.or([eb('o.expires_at', 'is', null), eb('o.expires_at', '>', now)]))
    .executeTakeFirst();
  return row && { accountId: row.account_id, providerSid: row.provider_sid };
}

/** Whether `accountId` is a customer account of the portal (an external provider's subject). */
export async function portalAccountExists(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where('portal_deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The live session a cookie's secret opens with an external provider, whose sessions are not in
 * this database: the row alone, until it expires or that provider's back-channel logout ends it
 * (closeProviderSessions; docs/decisions/0084-external-provider-sessions.md).
 */
export async function findExternalPortalSession(
  db: Db,
  secret: string,
): Promise<PortalSession | undefined> {
  const id = sessionIdOf(secret);
  if (!id) return undefined;
  const row = await db
    .selectFrom('portal_sessions')
    .select(['account_id', 'provider_sid'])
    .where('id', '=', id)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row && { accountId: row.account_id, providerSid: row.provider_sid };
}

/**
 * Ends the sessions an external provider's logout names: those of its session `sid`, or every
 * session of the account `accountId` when no `sid` is given. Returns how many ended.
 */
export async function closeProviderSessions(
  db: Db,
  logout: { sid?: string; accountId?: string },
): Promise<number> {
  if (!logout.sid && !logout.accountId) return 0;
  let query = db.deleteFrom('portal_sessions');
  if (logout.sid) query = query.where('provider_sid', '=', logout.sid);
  if (logout.accountId) query = query.where('account_id', '=', logout.accountId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends the session a cookie's secret names (sign-out); returns what it was, if it lived. */
export async function closePortalSession(
  db: Db,
  secret: string,
): Promise<PortalSession | undefined> {
  const row = await db
    .deleteFrom('portal_sessions')
    .where('id', '=', sessionIdOf(secret) ?? '')
    .returning(['account_id', 'provider_sid'])
    .executeTakeFirst();
  return row && { accountId: row.account_id, providerSid: row.provider_sid };
}

/** Every session of the account, or all but those of the provider session kept. */
export async function closeAccountPortalSessions(
  db: Db,
  accountId: string,
  keepSid?: string,
): Promise<void> {
  let query = db.deleteFrom('portal_sessions').where('account_id', '=', accountId);
  if (keepSid) query = query.where('provider_sid', '<>', keepSid);
  await query.execute();
}

/** Expired rows are dead weight only (findPortalSession ignores them). */
export async function purgeExpiredPortalSessions(db: Db): Promise<void> {
  await db.deleteFrom('portal_sessions').where('expires_at', '<=', new Date()).execute();
}
