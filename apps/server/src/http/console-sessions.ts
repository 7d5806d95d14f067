// What the console's sign-in (oidc/, docs/backoffice.md « Connexion ») gives the plugin that
// serves the console app (apps/backoffice): found on the app as `app.consoleSessions` when the
// embedded provider runs (staff sign in through it only).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffSession } from '../services/staff/staff-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the embedded provider (oidc/identity-provider.ts); undefined with another one. */
    consoleSessions?: ConsoleSessions;
  }
}

/** The console cookie's name: `__Host-` and Secure over https, like the portal's. */
export function consoleCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-espace-console' : 'espace-console';
}

export interface ConsoleSessions {
  /** The live console session of the request's cookie, or undefined. */
  current(request: FastifyRequest): Promise<StaffSession | undefined>;
  /**
   * Starts a staff sign-in (password, then the second factor) that comes back to `returnTo`, a
   * path under /backoffice: answers the request itself (the sign-in page or a redirect).
   */
  signIn(request: FastifyRequest, reply: FastifyReply, returnTo: string): Promise<void>;
  /** Ends the request's console session and its provider session, and clears the cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}
