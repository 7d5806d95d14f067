// The known-device cookie of the sign-in throttle (services/identity/sign-in-throttle.ts): set at a
// successful sign-in, it tells the next sign-in of the same email from the same browser apart
// from an attacker's guesses. It holds a random device id and a tag of the email, signed with
// the provider's cookie keys (stored in the database, so every instance verifies it); it holds
// no personal data (the tag is an HMAC of the email) and is sent only to the sign-in form.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { INTERACTION_PATH } from './provider';

export const DEVICE_COOKIE = 'espace_device';
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
export function deviceCookieValue(
  keys: string[],
  email: string,
  deviceId: string = randomUUID(),
): string {
  const key = keys[0]!;
  const payload = `${deviceId}.${emailTag(key, email)}`;
  return `${payload}.${hmac(key, payload)}`;
}

/** The device id of a cookie value signed by one of `keys` for `email`, or undefined. */
export function knownDeviceId(
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

/**
 * The Set-Cookie header: HttpOnly, SameSite=Lax, Secure over https, for the sign-in forms only;
 * under `name`, the customers' cookie unless told (the staff's: staff-device.ts).
 */
export function deviceCookieHeader(value: string, secure: boolean, name = DEVICE_COOKIE): string {
  return [
    `${name}=${value}`,
    `Path=${INTERACTION_PATH}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
