// The known-device cookie (services/identity/sign-in-throttle.ts, docs/decisions/0141-every-sign-in-
// mails-its-new-device.md): set where a sign-in is accepted, it tells the next sign-in of the same
// person from the same browser apart from an attacker's guesses — the throttle counts that
// browser's passwords and second-factor codes under the device, so failures from elsewhere never
// lock it — and from a new device, which is mailed (services/identity/new-device-mail.ts). One
// mechanism for every holder (`knownDevice`), each under a cookie of its own so that one never
// replaces another's in a shared browser:
// - a customer of the embedded provider (`espace_device`, for her e-mail), set by her sign-in,
//   after the second factor when she has one, and by a reset of her password by e-mail;
// - a staff member (`espace_staff_device`, for `staff:` + e-mail), set once both factors are
//   proven;
// - a customer of an external provider (`espace_external_device`, for her account), set at the
//   portal's callback, the one place this server sees her sign-in.
// It holds a random device id and a tag of the holder, signed with the provider's cookie keys
// (stored in the database, so every instance verifies it) or, with an external provider, a key
// derived from the client's secret; no personal data (the tag is an HMAC) and it is sent only to
// the sign-in forms, or to the callback.
import { AUTH_CALLBACK_PATH } from '@espace/contract';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { INTERACTION_PATH } from './provider';

export const DEVICE_COOKIE = 'espace_device';
export const STAFF_DEVICE_COOKIE = 'espace_staff_device';
export const EXTERNAL_DEVICE_COOKIE = 'espace_external_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;

const hmac = (key: string, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url');

const emailTag = (key: string, email: string) =>
  hmac(key, `email:${email.trim().toLowerCase()}`).slice(0, 22);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The value of a new device cookie for `email`, signed with the newest key. */
function deviceCookieValue(keys: string[], email: string, deviceId: string = randomUUID()): string {
  const key = keys[0]!;
  const payload = `${deviceId}.${emailTag(key, email)}`;
  return `${payload}.${hmac(key, payload)}`;
}

/** The device id of a cookie value signed by one of `keys` for `email`, or undefined. */
function knownDeviceId(
  keys: string[],
  email: string,
  value: string | undefined,
): string | undefined {
  const parts = value?.split('.');
  if (parts?.length !== 3) return undefined;
  const [deviceId, tag, signature] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(deviceId)) return undefined;
  for (const key of keys) {
    if (sameText(signature, hmac(key, `${deviceId}.${tag}`)) && sameText(tag, emailTag(key, email)))
      return deviceId;
  }
  return undefined;
}

/** One cookie of a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie header: HttpOnly, SameSite=Lax, Secure over https, for `path` only. */
function deviceCookieHeader(value: string, secure: boolean, name: string, path: string): string {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Whose browser a device cookie knows. */
export type DeviceHolder =
  /** A customer of the embedded provider, by the e-mail she signs in with. */
  | { customer: string }
  /** A staff member, by their e-mail. */
  | { staff: string }
  /** A customer of an external provider, by her account id (the provider's `sub`). */
  | { externalAccount: string };

function cookieOf(holder: DeviceHolder) {
  if ('staff' in holder)
    return {
      name: STAFF_DEVICE_COOKIE,
      path: INTERACTION_PATH,
      subject: `staff:${holder.staff.trim().toLowerCase()}`,
    };
  if ('externalAccount' in holder)
    return {
      name: EXTERNAL_DEVICE_COOKIE,
      path: AUTH_CALLBACK_PATH,
      subject: `account:${holder.externalAccount}`,
    };
  return { name: DEVICE_COOKIE, path: INTERACTION_PATH, subject: holder.customer };
}

/** The request's known device of `holder`, and the cookie that keeps it. */
export interface KnownDevice {
  /** The device's id; undefined for a browser the holder never signed in from. */
  deviceId: string | undefined;
  /** The Set-Cookie that keeps this device, or makes this browser one (a new id). */
  cookie(): string;
}

/** The known device of `holder` the request's cookie names (signed by one of `keys`), if any. */
export function knownDevice(
  opts: { keys: string[]; secure: boolean },
  holder: DeviceHolder,
  request: { headers: { cookie?: string | undefined } },
): KnownDevice {
  const { name, path, subject } = cookieOf(holder);
  const deviceId = knownDeviceId(opts.keys, subject, readCookie(request.headers.cookie, name));
  const cookie = () =>
    deviceCookieHeader(deviceCookieValue(opts.keys, subject, deviceId), opts.secure, name, path);
  return { deviceId, cookie };
}
