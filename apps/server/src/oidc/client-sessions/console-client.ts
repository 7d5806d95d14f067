// The staff console's server as a confidential client of the embedded provider
// (docs/console.md « Connexion », docs/decisions/0082-staff-sign-in-with-a-second-factor.md),
// signing in through the portal's code (portal-client.ts) with its own settings
// (provider/first-party-clients.ts CONSOLE_CLIENT). It enforces:
// - a token of the console's own audience, never the customer API's;
// - the path to return to is under /backoffice, never another site.
import { CONSOLE_APP_PATH } from '@espace/contract';

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
