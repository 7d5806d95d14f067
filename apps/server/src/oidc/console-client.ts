// The staff console's server as a confidential client of the embedded provider
// (docs/backoffice.md « Connexion », docs/decisions/0082-staff-sign-in-with-a-second-factor.md),
// signing in through the portal's code (portal-client.ts) with its own settings. It enforces:
// - `prompt=login`: every console sign-in asks the password and the second factor, whatever
//   provider session the browser has;
// - its own labels for the secret and the sign-in cookie (a portal sign-in cookie is not a
//   console one), and a token of the console's own audience, never the customer API's;
// - the path to return to is under /backoffice, never another site.
import { CONSOLE_APP_PATH } from '@espace/contract';
import { clientSecret, type ServerClient } from './portal-client';

export const CONSOLE_CLIENT_ID = 'espace-assure-console';
export const CONSOLE_CALLBACK_PATH = `${CONSOLE_APP_PATH}/auth/callback`;
export const CONSOLE_SIGN_IN_PATH = `${CONSOLE_APP_PATH}/auth/sign-in`;

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

/** A path under /backoffice to come back to; anything else is the console's home. */
export function consoleReturnPath(value: unknown): string {
  const home = `${CONSOLE_APP_PATH}/`;
  if (typeof value !== 'string' || !/^[\x21-\x7e]*$/.test(value)) return home;
  if (
    value !== CONSOLE_APP_PATH &&
    !value.startsWith(home) &&
    !value.startsWith(`${CONSOLE_APP_PATH}?`)
  )
    return home;
  if (value.includes('//') || value.includes('\\') || value.includes('/..')) return home;
  return value.startsWith(`${CONSOLE_APP_PATH}/auth/`) ? home : value;
}
