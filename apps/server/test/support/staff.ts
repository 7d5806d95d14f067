// Staff members for the console's tests (docs/console.md « Comptes », « Connexion »): an
// enrolled staff member written through the real services, and a sign-in through the real
// embedded provider, password then TOTP code, as a browser does it, to the console's cookie.
import type { StaffRole } from '@espace/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TEST_SECRETS_KEY } from '../../src/config/secrets';
import type { Db } from '../../src/db/client';
import { TOTP_SECRET } from '../../src/platform/secrets/reseal';
import { seal, secretKeys } from '../../src/platform/secrets/sealed-secrets';
import { consoleCookieName } from '../../src/plugins/console-authentication';
import { hashPassword } from '../../src/services/identity/passwords';
import { createStaffAccount } from '../../src/services/staff/staff-accounts';
import { CookieJar } from './harness';
import { TEST_PASSWORD_COST } from './test-config';

export interface TestStaff {
  id: string;
  email: string;
  password: string;
  role: StaffRole;
  /** The TOTP secret in base32. */
  totpSecret: string;
}

/** The TOTP code of `secret` at `timestamp` (ms), as an authenticator app shows it. */
export const totpCode = (secret: string, timestamp = Date.now()) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp });

/** A TOTP secret as the server stores it: sealed with the tests' key (platform/secrets/). */
export const sealedTotpSecret = (secret: string) =>
  seal(secretKeys(TEST_SECRETS_KEY), secret, TOTP_SECRET);

/** Whether the account must still replace its temporary password (`must_change_password`). */
export async function mustChangePassword(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_accounts')
    .select('must_change_password')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.must_change_password;
}

/**
 * An enabled staff member whose second factor is enrolled and whose password is their own (a
 * new account's temporary one, its `must_change_password` mark cleared as the first sign-in
 * does).
 */
export async function createStaff(
  db: Db,
  { role, email }: { role: StaffRole; email?: string },
): Promise<TestStaff> {
  const staff = await createStaffAccount(
    db,
    {
      email: email ?? `${role}-${randomBytes(4).toString('hex')}@courtage.test`,
      displayName: role === 'supervisor' ? 'Sam Superviseur' : 'Alex Conseiller',
      role,
      createdBy: 'test',
    },
    // Checked at every sign-in of the test: at the tests' cost (template.ts).
    (password) => hashPassword(password, TEST_PASSWORD_COST),
  );
  const totpSecret = new Secret({ size: 20 }).base32;
  await db
    .updateTable('staff_accounts')
    .set({
      totp_secret: sealedTotpSecret(totpSecret),
      totp_enrolled_at: new Date(),
      must_change_password: false,
    })
    .where('id', '=', staff.id)
    .execute();
  return { id: staff.id, email: staff.email, password: staff.temporaryPassword, role, totpSecret };
}

/** A code the server will take now: of the current step, or the next when this one was used. */
export async function freshCode(db: Db, staff: TestStaff): Promise<string> {
  const row = await db
    .selectFrom('staff_accounts')
    .select('totp_last_step')
    .where('id', '=', staff.id)
    .executeTakeFirstOrThrow();
  const last = row.totp_last_step === null ? -1 : Number(row.totp_last_step);
  const step = Math.floor(Date.now() / 30_000);
  if (step > last) return totpCode(staff.totpSecret);
  if (step + 1 > last) return totpCode(staff.totpSecret, (step + 1) * 30_000);
  throw new Error('No unused TOTP step within the window; wait 30 seconds.');
}

export function locationOf(response: LightMyRequestResponse): string {
  const value = response.headers.location;
  if (typeof value !== 'string')
    throw new Error(
      `Expected a redirect, got ${response.statusCode}: ${response.body.slice(0, 300)}`,
    );
  const url = new URL(value, 'http://localhost:3000');
  return url.pathname + url.search;
}

/**
 * A browser that keeps its cookies across the sign-in's requests (from `address`, if given),
 * sending `headers` too (its user agent, say).
 */
export function browser(
  app: FastifyInstance,
  jar = new CookieJar(),
  address?: string,
  headers: Record<string, string> = {},
) {
  const send = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const response = await app.inject({
      method,
      url,
      ...(address ? { remoteAddress: address } : {}),
      headers: {
        ...headers,
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    jar.store(response);
    return response;
  };
  return { jar, get: (url: string) => send('GET', url), post: send.bind(null, 'POST') };
}

/** Starts a console sign-in: the interaction's path and the page it shows. */
export async function startStaffSignIn(b: ReturnType<typeof browser>, returnTo = '/backoffice/') {
  const start = await b.get(`/backoffice/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  const auth = await b.get(locationOf(start));
  const interaction = locationOf(auth);
  return { interaction, page: await b.get(interaction) };
}

/** Follows redirects through the provider to the console's callback; the last answer. */
export async function followToConsole(b: ReturnType<typeof browser>, from: LightMyRequestResponse) {
  let response = from;
  for (let i = 0; i < 5 && response.statusCode === 303; i++) {
    const next = locationOf(response);
    response = await b.get(next);
    if (next.startsWith('/backoffice/auth/callback')) return response;
  }
  return response;
}

/** Signs `staff` in to the console (password, then a TOTP code): the Cookie header's value. */
export async function signInStaff(app: FastifyInstance, staff: TestStaff): Promise<string> {
  const b = browser(app);
  const { interaction } = await startStaffSignIn(b);
  const password = await b.post(`${interaction}/staff`, {
    email: staff.email,
    password: staff.password,
  });
  const codePath = locationOf(password);
  const code = await b.post(codePath, { code: await freshCode(app.db, staff) });
  const callback = await followToConsole(b, code);
  const name = consoleCookieName(app.config.publicUrl);
  const value = b.jar.get(name);
  if (callback.statusCode !== 303 || !value)
    throw new Error(
      `Console sign-in failed: ${callback.statusCode} ${callback.body.slice(0, 300)}`,
    );
  return `${name}=${value}`;
}
