// What the console's sign-in (oidc/, docs/console.md « Connexion ») gives the plugin that
// serves the console app (apps/console): found on the app as `app.consoleSessions` when the
// embedded provider runs (staff sign in through it only).
import type { StaffMember } from '@espace/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** The secret of the request's console cookie, if it sent one. */
export function consoleCookieSecret(request: FastifyRequest, publicUrl: string) {
  const name = consoleCookieName(publicUrl);
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** A console session's staff member (services/identity/staff-sessions.ts StaffSession). */
export interface ConsoleStaff extends StaffMember {
  /** The provider session it belongs to (sign-out ends both). */
  providerSid: string;
}

export interface ConsoleSessions {
  /** The live console session of the request's cookie, or undefined. */
  current(request: FastifyRequest): Promise<ConsoleStaff | undefined>;
  /**
   * Starts a staff sign-in (password, then the second factor) that comes back to `returnTo`, a
   * path under /backoffice: answers the request itself (the sign-in page or a redirect).
   */
  signIn(request: FastifyRequest, reply: FastifyReply, returnTo: string): Promise<void>;
  /** Gives the request's console session a new secret, set on `reply` (a password change). */
  renew(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends the request's console session and its provider session, and clears the cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}
