// The sign-ins and the sessions they opened ('Mon compte' › « Sécurité »,
// docs/decisions/0115-sessions-and-new-device-mail.md, 0141). Enforces:
// - every sign-in accepted, a customer's (the provider's form, or an external provider's at the
//   portal's callback) or a staff member's, is a row of `sign_ins` (its owner, method, user
//   agent, its French label, whether that browser was new for the owner); a browser is new when
//   it carries no known-device cookie of the owner and the owner signed in before (the very
//   first sign-in mails nobody);
// - the row is tied to the provider session (`sid`) when the portal's session opens, once, for
//   the same account, within SIGN_IN_LINK_SECONDS: what the sign-in's cookie names and nothing
//   else (a guessed id opens nothing, it only names a row of the same account);
// - the open sessions are the provider's live `Session` rows of the account, each with its
//   sign-in when known; ending one deletes it, its grants and tokens and the portal's cookie
//   sessions on it (sessions.ts), so its next request is refused on every instance; ending the
//   others keeps the caller's, as a password change does; either answers the passkeys the
//   ended sessions added, for the owner to keep or remove (docs/decisions/0141);
// - last use is written at most once a minute per session and process (a throttle, not state:
//   another instance writes its own).
import { randomUUID } from 'node:crypto';
import {
  SESSION_MESSAGES,
  UNKNOWN_DEVICE,
  type OpenSession,
  type Passkey,
  type SignInMethod,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { deviceLabel, USER_AGENT_MAX } from './device-label';
import { isStaff, ownerId, type IdentityOwner } from './owner';
import { passkeysAddedFrom } from './passkeys';
import { closeProviderSessions } from './portal-sessions';
import { endProviderSession, endSessions } from './sessions';

/** How long after the sign-in its portal session may still claim it. */
export const SIGN_IN_LINK_SECONDS = 30 * 60;

export interface RecordedSignIn {
  id: string;
  newDevice: boolean;
  /** The device's French label (device-label.ts). */
  device: string;
  at: Date;
}

/** Records an accepted sign-in; returns its id (the sign-in cookie's value). */
export async function recordSignIn(
  db: Db,
  signIn: {
    owner: IdentityOwner;
    method: SignInMethod;
    userAgent: string | undefined;
    /** The browser carried a known-device cookie of this owner. */
    knownBrowser: boolean;
  },
): Promise<RecordedSignIn> {
  const id = randomUUID();
  const userAgent = (signIn.userAgent ?? '').slice(0, USER_AGENT_MAX);
  const device = deviceLabel(userAgent);
  const staffId = isStaff(signIn.owner) ? signIn.owner.staffId : null;
  const accountId = isStaff(signIn.owner) ? null : signIn.owner.accountId;
  const column = sql.ref(isStaff(signIn.owner) ? 'staff_id' : 'account_id');
  const row = await sql<{ new_device: boolean; created_at: Date }>`
    insert into sign_ins (id, account_id, staff_id, method, user_agent, device, new_device)
    values (${id}, ${accountId}, ${staffId}, ${signIn.method}, ${userAgent}, ${device},
      not ${signIn.knownBrowser}::boolean
        and exists (select 1 from sign_ins where ${column} = ${ownerId(signIn.owner)}))
    returning new_device, created_at`.execute(db);
  const recorded = row.rows[0];
  return {
    id,
    newDevice: recorded?.new_device ?? false,
    device,
    at: recorded ? new Date(recorded.created_at) : new Date(),
  };
}

export interface LinkedSignIn {
  device: string;
  newDevice: boolean;
  at: Date;
}

/**
 * Ties the sign-in `id` to the provider session the portal just opened, once; the callback's
 * user agent (the same browser's) stands for the form's when that one was unreadable.
 */
export async function linkSignIn(
  db: Db,
  link: { id: string; accountId: string; providerSid: string; userAgent: string | undefined },
): Promise<LinkedSignIn | undefined> {
  const userAgent = link.userAgent?.slice(0, USER_AGENT_MAX);
  const device = deviceLabel(userAgent);
  const readable = userAgent !== undefined && device !== UNKNOWN_DEVICE;
  const row = await db
    .updateTable('sign_ins')
    .set((eb) => ({
      provider_sid: link.providerSid,
      last_used_at: new Date(),
      ...(readable
        ? {
            user_agent: eb
              .case()
              .when('device', '=', UNKNOWN_DEVICE)
              .then(userAgent)
              .else(eb.ref('user_agent'))
              .end(),
            device: eb
              .case()
              .when('device', '=', UNKNOWN_DEVICE)
              .then(device)
              .else(eb.ref('device'))
              .end(),
          }
        : {}),
    }))
    .where('id', '=', link.id)
    .where('account_id', '=', link.accountId)
    .where('provider_sid', 'is', null)
    .where('created_at', '>', new Date(Date.now() - SIGN_IN_LINK_SECONDS * 1000))
    // A provider session reused by a second sign-in keeps its first row.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sign_ins as other')
            .select('other.id')
            .where('other.provider_sid', '=', link.providerSid),
        ),
      ),
    )
    .returning(['device', 'new_device', 'created_at'])
    .executeTakeFirst();
  return row && { device: row.device, newDevice: row.new_device, at: new Date(row.created_at) };
}

interface SessionRow {
  uid: string;
  payload: { loginTs?: number };
  device: string | null;
  method: SignInMethod | null;
  created_at: Date | null;
  last_used_at: Date | null;
}

/** The account's open sessions, the caller's (`currentSid`) first, then the latest used. */
export async function listOpenSessions(
  db: Db,
  accountId: string,
  currentSid: string | undefined,
): Promise<OpenSession[]> {
  const rows = (await db
    .selectFrom('oidc_payloads as o')
    .leftJoin('sign_ins as s', (join) =>
      join.onRef('s.provider_sid', '=', 'o.uid').onRef('s.account_id', '=', 'o.account_id'),
    )
    .select(['o.uid', 'o.payload', 's.device', 's.method', 's.created_at', 's.last_used_at'])
    .where('o.account_id', '=', accountId)
    .where('o.type', '=', 'Session')
    .where('o.uid', 'is not', null)
    .where((eb) => eb.or([eb('o.expires_at', 'is', null), eb('o.expires_at', '>', new Date())]))
    .execute()) as unknown as SessionRow[];
  const sessions = rows.map((row): OpenSession => {
    const login = row.payload.loginTs ? new Date(row.payload.loginTs * 1000) : undefined;
    const first = row.created_at ? new Date(row.created_at) : (login ?? new Date(0));
    const last = row.last_used_at ? new Date(row.last_used_at) : first;
    return {
      id: row.uid,
      device: row.device ?? SESSION_MESSAGES.unknownDevice,
      method: row.method,
      firstUsedAt: first.toISOString(),
      lastUsedAt: last.toISOString(),
      current: row.uid === currentSid,
    };
  });
  return sessions.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
}

/**
 * Ends one open session of the account: its provider session, grants, tokens, cookies; answers
 * the passkeys it had added.
 */
export async function endOpenSession(
  db: Db,
  caller: { accountId: string; embeddedProvider: boolean },
  sid: string,
): Promise<Passkey[]> {
  if (!caller.embeddedProvider) throw new ConflictError(SESSION_MESSAGES.externalProvider);
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('oidc_payloads')
      .select('id')
      .where('account_id', '=', caller.accountId)
      .where('type', '=', 'Session')
      .where('uid', '=', sid)
      .executeTakeFirst();
    if (!open) throw new NotFoundError(SESSION_MESSAGES.notFound);
    await endProviderSession(trx, caller.accountId, sid);
    await closeProviderSessions(trx, { sid, accountId: caller.accountId });
    return passkeysAddedFrom(trx, { accountId: caller.accountId }, [sid]);
  });
}

/** Ends every open session of the account but the caller's; answers the passkeys they added. */
export async function endOtherSessions(
  db: Db,
  caller: { accountId: string; sid: string | undefined; embeddedProvider: boolean },
): Promise<Passkey[]> {
  if (!caller.embeddedProvider || !caller.sid)
    throw new ConflictError(SESSION_MESSAGES.externalProvider);
  const sid = caller.sid;
  return db.transaction().execute(async (trx) => {
    const ended = await endSessions(trx, caller.accountId, { keepSid: sid });
    return passkeysAddedFrom(trx, { accountId: caller.accountId }, ended);
  });
}

const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/** Notes that the session `sid` was used now: one write a minute at most, per process. */
export async function touchSession(db: Db, sid: string): Promise<void> {
  const now = Date.now();
  if ((touched.get(sid) ?? 0) > now - TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(sid, now);
  await db
    .updateTable('sign_ins')
    .set({ last_used_at: new Date(now) })
    .where('provider_sid', '=', sid)
    .execute();
}
