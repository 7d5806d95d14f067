// The French label of a browser's user agent ('Mon compte' › « Sécurité », the new-device mail):
// « Chrome 131 sur Windows 10 », « Mobile Safari 17 sur Apple iPhone (iOS 17.1) ». Read with ua-parser-js
// (a table kept up to date by its maintainers, not our own patterns); no place is derived from
// the address (docs/decisions/0115-sessions-and-new-device-mail.md).
import { UNKNOWN_DEVICE } from '@espace/contract';
import { UAParser } from 'ua-parser-js';

/** What is kept of a user agent: enough to read it, never a whole header. */
export const USER_AGENT_MAX = 512;

export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os, device } = new UAParser(userAgent.slice(0, USER_AGENT_MAX)).getResult();
  const browserName = [browser.name, browser.major].filter(Boolean).join(' ');
  const system = [os.name, os.version].filter(Boolean).join(' ');
  const hardware = device.model ? [device.vendor, device.model].filter(Boolean).join(' ') : '';
  const where = hardware ? (system ? `${hardware} (${system})` : hardware) : system;
  if (!browserName && !where) return UNKNOWN_DEVICE;
  if (!browserName) return where;
  return where ? `${browserName} sur ${where}` : browserName;
}
