// The provider's two first-party confidential clients, which are this server itself: the portal
// (docs/decisions/0065-portal-session-cookie.md) and the staff console
// (docs/decisions/0082-staff-sign-in-with-a-second-factor.md). The provider registers them
// (provider.ts); their sessions sign in with them (client-sessions/portal-client.ts and
// console-client.ts). Each client's secret is an HMAC of the newest cookie key under the client's
// label: nothing more to store or configure, and every instance derives the same one.
import { createHmac } from 'node:crypto';
import { AUTH_CALLBACK_PATH, CONSOLE_APP_PATH } from '@espace/contract';

/** One server-side client: its id, its callback, the labels of its secret and of its cookie. */
export interface ServerClient {
  clientId: string;
  callbackPath: string;
  secretLabel: string;
  cookieLabel: string;
  /** More authorization parameters (the console's `prompt=login`). */
  extraParams?: Record<string, string>;
}

export const clientSecret = (client: ServerClient, keys: string[]) =>
  createHmac('sha256', keys[0]!).update(client.secretLabel).digest('base64url');

export const PORTAL_CLIENT_ID = 'espace-assure-portal';
export const PORTAL_CLIENT: ServerClient = {
  clientId: PORTAL_CLIENT_ID,
  callbackPath: AUTH_CALLBACK_PATH,
  secretLabel: 'portal-client-secret',
  cookieLabel: 'sign-in',
};
export const portalClientSecret = (keys: string[]) => clientSecret(PORTAL_CLIENT, keys);

export const CONSOLE_CLIENT_ID = 'espace-assure-console';
export const CONSOLE_CALLBACK_PATH = `${CONSOLE_APP_PATH}/auth/callback`;
export const CONSOLE_SIGN_IN_PATH = `${CONSOLE_APP_PATH}/auth/sign-in`;
/**
 * `prompt=login`: every console sign-in asks the password and the second factor, whatever
 * provider session the browser has; its own labels for the secret and the sign-in cookie (a
 * portal sign-in cookie is not a console one).
 */
export const CONSOLE_CLIENT: ServerClient = {
  clientId: CONSOLE_CLIENT_ID,
  callbackPath: CONSOLE_CALLBACK_PATH,
  secretLabel: 'console-client-secret',
  cookieLabel: 'console-sign-in',
  extraParams: { prompt: 'login' },
};
export const consoleClientSecret = (keys: string[]) => clientSecret(CONSOLE_CLIENT, keys);
/** The audience of the console client's tokens (read in process only; no API accepts it). */
export const consoleAudience = (publicUrl: string) => `${publicUrl}${CONSOLE_APP_PATH}`;
