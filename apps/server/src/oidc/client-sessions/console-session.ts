// The staff console's cookie session (docs/console.md « Connexion »), opened through the
// embedded provider by the console's confidential client (console-client.ts), as the portal's
// is (portal-session.ts, docs/decisions/0065-portal-session-cookie.md). It enforces:
// - GET /backoffice/auth/sign-in starts a sign-in with prompt=login (password and second
//   factor every time), its state in a short signed cookie; the path to return to is a
//   console path;
// - the callback accepts a code only with that cookie's state, exchanges it in process, and
//   opens a session only for a staff subject (`staff:<id>`): a customer's sign-in never opens
//   the console;
// - the session cookie is HttpOnly, SameSite=Lax, Path=/, `__Host-` and Secure over https,
//   8 hours (STAFF_SESSION_TTL_SECONDS); it holds a random secret whose hash is the row
//   (services/identity/staff-sessions.ts); every sign-in is in the staff audit log.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import {
  consoleCookieName,
  consoleCookieSecret,
  type ConsoleSessions,
} from '../../http/console-sessions';
import { endProviderSession } from '../../services/identity/sessions';
import { recordStaffAudit, recordStaffEntry } from '../../services/staff/audit';
import { renewSession } from '../../services/identity/session-secret';
import {
  findEnabledStaff,
  isStaffSubject,
  STAFF_SUBJECT_PREFIX,
  staffSubject,
} from '../../services/staff/staff-accounts';
import {
  closeStaffSession,
  findStaffSession,
  openStaffSession,
  STAFF_SESSION_TTL_SECONDS,
} from '../../services/identity/staff-sessions';
import {
  CONSOLE_CALLBACK_PATH,
  CONSOLE_CLIENT,
  CONSOLE_SIGN_IN_PATH,
} from '../provider/first-party-clients';
import { consoleReturnPath } from './console-client';
import { sendHtml } from '../../http/html';
import { readCookie } from '../provider/device-cookie';
import { renderErrorPage } from '../provider/pages';
import { beginSignIn, exchangeCode, pendingSignIn, SIGN_IN_COOKIE_MAX_AGE } from './portal-client';

export interface ConsoleSessionOptions {
  db: Db;
  issuer: string;
  publicUrl: string;
  /** The provider's cookie keys (sign the sign-in cookie, derive the client's secret). */
  keys: string[];
}

/** The console's cookies and their attributes. */
function consoleCookies(publicUrl: string) {
  const secure = publicUrl.startsWith('https:');
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    session: consoleCookieName(publicUrl),
    signIn: `${secure ? '__Host-' : ''}espace-console-sign-in`,
    set: (name: string, value: string, maxAge: number) =>
      `${name}=${value}; ${attributes}; Max-Age=${maxAge}`,
    clear: (name: string) => `${name}=; ${attributes}; Max-Age=0`,
  };
}

export function consoleSessions(
  app: FastifyInstance,
  opts: ConsoleSessionOptions,
): ConsoleSessions {
  const cookies = consoleCookies(opts.publicUrl);
  // Browser pages, not API routes: out of the OpenAPI documents.
  const hidden = { schema: { hide: true } };

  const sessions: ConsoleSessions = {
    async current(request) {
      const secret = consoleCookieSecret(request, opts.publicUrl);
      return secret ? findStaffSession(opts.db, secret) : undefined;
    },
    async signIn(_request, reply, returnTo) {
      const begun = beginSignIn(
        CONSOLE_CLIENT,
        opts.keys,
        opts.issuer,
        opts.publicUrl,
        consoleReturnPath(returnTo),
      );
      await reply
        .header('set-cookie', cookies.set(cookies.signIn, begun.cookie, SIGN_IN_COOKIE_MAX_AGE))
        .header('cache-control', 'no-store')
        .redirect(begun.url, 303);
    },
    async renew(request, reply) {
      const secret = consoleCookieSecret(request, opts.publicUrl);
      const renewed = secret ? await renewSession(opts.db, 'staff_sessions', secret) : undefined;
      if (renewed)
        reply.header(
          'set-cookie',
          cookies.set(cookies.session, renewed, STAFF_SESSION_TTL_SECONDS),
        );
    },
    async signOut(request, reply) {
      const secret = consoleCookieSecret(request, opts.publicUrl);
      const closed = secret ? await closeStaffSession(opts.db, secret) : undefined;
      if (closed) {
        await endProviderSession(opts.db, staffSubject(closed.staffId), closed.providerSid);
        // The journal's trail of a session ends with it (docs/console.md « Journal »).
        await recordStaffEntry(
          opts.db,
          closed.staffId,
          { address: request.ip, userAgent: request.headers['user-agent'] ?? null },
          {
            action: 'staff.signed_out',
          },
        );
      }
      reply
        .header('set-cookie', cookies.clear(cookies.session))
        .header('cache-control', 'no-store');
    },
  };

  app.get(CONSOLE_SIGN_IN_PATH, hidden, async (request, reply) =>
    sessions.signIn(
      request,
      reply,
      String((request.query as { returnTo?: unknown }).returnTo ?? ''),
    ),
  );

  const refuse = (reply: FastifyReply) => sendHtml(reply, 400, renderErrorPage());

  app.get(CONSOLE_CALLBACK_PATH, hidden, async (request: FastifyRequest, reply) => {
    const query = request.query as Record<string, unknown>;
    const pending = pendingSignIn(
      CONSOLE_CLIENT,
      opts.keys,
      readCookie(request.headers.cookie, cookies.signIn),
      query.state,
    );
    reply.header('set-cookie', cookies.clear(cookies.signIn)).header('cache-control', 'no-store');
    if (!pending || typeof query.code !== 'string') return refuse(reply);
    const exchanged = await exchangeCode(app, CONSOLE_CLIENT, opts, query.code, pending.verifier);
    if (!exchanged || !isStaffSubject(exchanged.subject)) return refuse(reply);
    const staff = await findEnabledStaff(
      opts.db,
      exchanged.subject.slice(STAFF_SUBJECT_PREFIX.length),
    );
    if (!staff) return refuse(reply);
    const secret = await openStaffSession(opts.db, {
      staffId: staff.id,
      providerSid: exchanged.providerSid,
    });
    await recordStaffAudit(
      opts.db,
      {
        id: staff.id,
        email: staff.email,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      },
      { action: 'staff.signed_in' },
    );
    return reply
      .header('set-cookie', cookies.set(cookies.session, secret, STAFF_SESSION_TTL_SECONDS))
      .redirect(consoleReturnPath(pending.returnTo), 303);
  });

  return sessions;
}
