// Ends an account's sessions with the embedded provider (docs/decisions/0051-tokens-bound-to-
// their-session.md). The provider keeps its
// sessions, grants, codes, refresh tokens and interactions in `oidc_payloads` (oidc/provider/adapter.ts),
// each tagged with its account. Enforces:
// - `endSessions` deletes every payload of the account, or all but the provider session whose
//   `sid` is kept (a password change keeps the session that made it, its grant and its tokens),
//   and the portal's cookie sessions with them (portal-sessions.ts); it answers the ids of the
//   provider sessions it ended, whose passkeys are then listed (passkeys.ts `passkeysAddedFrom`);
// - `endProviderSession` deletes one provider session, its grants and their tokens (sign-out);
// Access tokens already handed out die with their session (token-validity.ts). It takes a
// transaction, so it commits together with what caused it.
import type { Db } from '../../db/client';
import { closeAccountPortalSessions } from './portal-sessions';

interface SessionPayload {
  uid?: string;
  authorizations?: Record<string, { grantId?: string }>;
}

/** The provider session whose uid is the token's `sid` claim (oidc/provider/provider.ts), and its grants. */
async function keptSession(db: Db, accountId: string, sid: string) {
  const sessions = await db
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('account_id', '=', accountId)
    .where('type', '=', 'Session')
    .execute();
  for (const session of sessions) {
    const payload = session.payload as SessionPayload;
    if (payload.uid !== sid) continue;
    const grantIds = Object.values(payload.authorizations ?? {}).flatMap((a) =>
      a.grantId ? [a.grantId] : [],
    );
    return { sessionId: session.id, grantIds };
  }
  return undefined;
}

/** The ids (`sid`) of the account's provider sessions but `keepSid`. */
async function sessionIds(db: Db, accountId: string, keepSid: string | undefined) {
  let query = db
    .selectFrom('oidc_payloads')
    .select('uid')
    .where('account_id', '=', accountId)
    .where('type', '=', 'Session')
    .where('uid', 'is not', null);
  if (keepSid) query = query.where('uid', '<>', keepSid);
  return (await query.execute()).map((row) => row.uid!);
}

/** Ends the account's sessions (all, or all but `keepSid`); the ids of those it ended. */
export async function endSessions(
  db: Db,
  accountId: string,
  options: { keepSid?: string | undefined } = {},
): Promise<string[]> {
  const kept = options.keepSid ? await keptSession(db, accountId, options.keepSid) : undefined;
  const ended = await sessionIds(db, accountId, kept ? options.keepSid : undefined);
  let query = db.deleteFrom('oidc_payloads').where('account_id', '=', accountId);
  if (kept) {
    const keptIds = [kept.sessionId, ...kept.grantIds];
    query = query
      .where('id', 'not in', keptIds)
      .where((eb) =>
        kept.grantIds.length
          ? eb.or([eb('grant_id', 'is', null), eb('grant_id', 'not in', kept.grantIds)])
          : eb.lit(true),
      );
  }
  await query.execute();
  await closeAccountPortalSessions(db, accountId, kept ? options.keepSid : undefined);
  return ended;
}

/** Ends one provider session of the account (its uid is `sid`), its grants and their tokens. */
export async function endProviderSession(db: Db, accountId: string, sid: string): Promise<void> {
  const session = await keptSession(db, accountId, sid);
  if (!session) return;
  const ids = [session.sessionId, ...session.grantIds];
  await db
    .deleteFrom('oidc_payloads')
    .where('account_id', '=', accountId)
    .where((eb) =>
      session.grantIds.length
        ? eb.or([eb('id', 'in', ids), eb('grant_id', 'in', session.grantIds)])
        : eb('id', 'in', ids),
    )
    .execute();
}
