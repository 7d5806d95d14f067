// The portal's cookie session with the embedded provider, in front of the SPA
// (docs/decisions/0065-portal-session-cookie.md); the cookie, the callback and sign-out are
// portal-cookie-session.ts's. It enforces:
// - a page load without a live session starts sign-in in process (portal-sign-in.ts): the
//   sign-in form is the answer itself, or, with the provider's session still open, the portal's
//   page at once; the callback opens the session and the page is served at once (spa.ts);
// - the code is exchanged in process (portal-client.ts); a session lives while its row and its
//   provider session do (findPortalSession);
// - sign-out also ends the cookie's provider session (with the grants and tokens of that
//   session) and answers 204;
// - the session is tied to the sign-in that opened it, for 'Mon compte' › « Sécurité »
//   (sign-in-record.ts);
// - a staff subject (`staff:<id>`) never opens a portal session
//   (docs/decisions/0082-staff-sign-in-with-a-second-factor.md).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { PortalSessions } from '../../http/portal-sessions';
import { findPortalSession } from '../../services/identity/portal-sessions';
import { endProviderSession } from '../../services/identity/sessions';
import { isStaffSubject } from '../../services/staff/staff-accounts';
import { PORTAL_CLIENT } from '../provider/first-party-clients';
import { exchangeCode } from './portal-client';
import { cookieSessions } from './portal-cookie-session';
import { signInHere } from './portal-sign-in';
import { linkRecordedSignIn } from './sign-in-record';

export interface PortalSessionOptions {
  db: Db;
  issuer: string;
  publicUrl: string;
  /** The provider's cookie keys (sign the sign-in cookie, derive the client's secret). */
  keys: string[];
  /** The name of the provider's resume cookie (portal-sign-in.ts widens it). */
  resumeCookie: string;
}

export function portalSessions(app: FastifyInstance, opts: PortalSessionOptions): PortalSessions {
  return cookieSessions(app, {
    ...opts,
    client: PORTAL_CLIENT,
    find: findPortalSession,

    async signIn(request, reply, returnTo, { begin, finish }) {
      const begun = begin(reply, returnTo);
      const here = await signInHere(app, request, reply, begun, opts.resumeCookie);
      if (here.kind === 'answered') return undefined;
      if (here.kind === 'code') {
        const done = await finish(request, reply, begun.pending, here.code);
        if (done) return done;
      }
      // Otherwise the browser goes to the provider itself.
      await reply.redirect(begun.url, 303);
      return undefined;
    },

    async exchange(_request, pending, code) {
      const exchanged = await exchangeCode(app, PORTAL_CLIENT, opts, code, pending.verifier);
      if (!exchanged || isStaffSubject(exchanged.subject)) return undefined;
      return { accountId: exchanged.subject, providerSid: exchanged.providerSid };
    },

    // Its sign-in is tied to it, and a new device is told by mail (sign-in-record.ts).
    opened: (request, reply, session) => linkRecordedSignIn(app, request, reply, session),

    // Its provider session ends too, with its grants and tokens; 204.
    async signedOut(closed) {
      if (closed) await endProviderSession(opts.db, closed.accountId, closed.providerSid);
      return undefined;
    },
  });
}
