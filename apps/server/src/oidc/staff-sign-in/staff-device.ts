// The staff's known-device cookie
// (docs/decisions/0163-a-staff-member-s-usual-browser-is-never-locked-out.md): the customers'
// device cookie (device-cookie.ts: a random id and an HMAC tag of the e-mail, signed with the
// provider's cookie keys, HttpOnly, sent only to /interaction) under a name of its own and for
// `staff:` + e-mail, so that it never replaces a customer's in a shared browser. It is set in the
// browser where the staff member proved both factors; the sign-in throttle then counts that
// browser's passwords and codes under the device instead of the staff member
// (services/identity/sign-in-throttle.ts): failures from elsewhere never lock it out.
import type { FastifyRequest } from 'fastify';
import {
  deviceCookieHeader,
  deviceCookieValue,
  knownDeviceId,
  readCookie,
} from '../provider/device-cookie';

export const STAFF_DEVICE_COOKIE = 'espace_staff_device';

const subjectOf = (email: string) => `staff:${email.trim().toLowerCase()}`;

/** The id of the request's valid staff device cookie for `email`, or undefined. */
export function staffDeviceId(
  keys: string[],
  email: string,
  request: FastifyRequest,
): string | undefined {
  const value = readCookie(request.headers.cookie, STAFF_DEVICE_COOKIE);
  return knownDeviceId(keys, subjectOf(email), value);
}

/**
 * The request's known device of the staff member of a sign-in step (their e-mail, read with the
 * step): the device's id (undefined for a browser they never completed a sign-in in) and the
 * cookie that keeps it, or makes this browser one, for the answer that ends the second factor.
 */
export function staffDevice(
  opts: { keys: string[]; secure: boolean },
  email: string,
  request: FastifyRequest,
): { deviceId: string | undefined; cookie: () => string } {
  const deviceId = staffDeviceId(opts.keys, email, request);
  const cookie = () =>
    deviceCookieHeader(
      deviceCookieValue(opts.keys, subjectOf(email), deviceId),
      opts.secure,
      STAFF_DEVICE_COOKIE,
    );
  return { deviceId, cookie };
}
