// What a staff member's second factor proven does, by code, at enrolment or by passkey
// (staff-interactions.ts, staff-passkey.ts; docs/decisions/0141-every-sign-in-mails-its-new-
// device.md): the throttle's count taken back, the sign-in recorded with its device and, from a
// browser that never proved both factors before, mailed to the member's address, by the identity
// room's one function (services/identity/new-device-mail.ts) as every sign-in path does; and
// the staff device cookie that makes this browser a known one (provider/device-cookie.ts). The
// caller then gives the login, or asks a temporary password's replacement first.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordSignInAndMail } from '../../services/identity/new-device-mail';
import { signInSucceeded } from '../../services/identity/sign-in-throttle';
import { knownDevice, type KnownDevice } from '../provider/device-cookie';

/** The member's known device of this request (staff-interactions.ts' options). */
export const staffDevice = (
  opts: { keys: string[]; secure: boolean },
  email: string,
  request: FastifyRequest,
): KnownDevice => knownDevice(opts, { staff: email }, request);

/** Both factors proven from `device`: returns the Set-Cookie of the known device. */
export async function staffProven(
  app: FastifyInstance,
  request: FastifyRequest,
  proven: {
    staffId: string;
    /** By a passkey; else a code (`password`, the method the sign-in began with). */
    method?: 'passkey';
    device: KnownDevice;
    /** The throttle's keys counted for the second factor. */
    keys: string[];
  },
): Promise<string> {
  const { db } = app;
  await signInSucceeded(db, proven.keys);
  await recordSignInAndMail(
    {
      db,
      outbox: app.outbox,
      mail: { publicUrl: app.config.publicUrl, brand: app.config.mailBrand },
    },
    {
      owner: { staffId: proven.staffId },
      method: proven.method ?? 'password',
      userAgent: request.headers['user-agent'],
      knownBrowser: proven.device.deviceId !== undefined,
    },
  );
  return proven.device.cookie();
}
