// What the console API's tests share: a staff member with a console session without going through
// the console's sign-in (its own tests do that): a staff_accounts row, the provider session the
// sign-in would have opened (an oidc_payloads 'Session' row, as the adapter writes it), and the
// cookie openStaffSession gives; then calls as the console app makes them (same-origin, and the
// session request header on writes: plugins/console-authentication.ts).
import { CONSOLE_API_PREFIX, SESSION_REQUEST_HEADER, type StaffRole } from '@espace/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { consoleCookieName } from '../../src/plugins/console-authentication';
import { hashPassword } from '../../src/services/identity/passwords';
import { openStaffSession } from '../../src/services/identity/staff-sessions';

export interface ConsoleStaff {
  id: string;
  email: string;
  displayName: string;
  cookie: string;
  /** Their password, for a fresh proof (POST /me/step-up). */
  password: string;
}

/** The password of the staff members `staffSignedIn` makes. */
export const CONSOLE_STAFF_PASSWORD = 'Console-Mot2passe';
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

/** A staff member of `role`, signed in: their id and the console cookie header. */
export async function staffSignedIn(
  app: FastifyInstance,
  role: StaffRole,
  displayName = role === 'supervisor' ? 'Sophie Superviseure' : 'Alain Agent',
): Promise<ConsoleStaff> {
  const id = randomUUID();
  const email = `${displayName.split(' ')[0]!.toLowerCase()}.${id.slice(0, 6)}@courtier.test`;
  await app.db
    .insertInto('staff_accounts')
    .values({
      id,
      email,
      display_name: displayName,
      role,
      password_hash: await hashPassword(CONSOLE_STAFF_PASSWORD, CHEAP),
    })
    .execute();
  const sid = randomBytes(16).toString('base64url');
  const expires = new Date(Date.now() + 3_600_000);
  await app.db
    .insertInto('oidc_payloads')
    .values({
      id: sid,
      type: 'Session',
      uid: sid,
      account_id: `staff:${id}`,
      expires_at: expires,
      payload: JSON.stringify({
        uid: sid,
        accountId: `staff:${id}`,
        exp: expires.getTime() / 1000,
      }),
    })
    .execute();
  const secret = await openStaffSession(app.db, { staffId: id, providerSid: sid });
  const cookie = `${consoleCookieName('http://localhost:3000')}=${secret}`;
  return { id, email, displayName, cookie, password: CONSOLE_STAFF_PASSWORD };
}

/** A console call as the console app makes it; `headers` add to or replace its own. */
export function consoleCall(
  app: FastifyInstance,
  staff: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${CONSOLE_API_PREFIX}${path}`,
    headers: {
      'sec-fetch-site': 'same-origin',
      'user-agent': 'Console test',
      ...(staff ? { cookie: staff.cookie } : {}),
      ...(method === 'GET' ? {} : { [SESSION_REQUEST_HEADER]: '1' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** The audit rows of `action`, newest last. */
export async function auditRows(app: FastifyInstance, action: string) {
  return app.db
    .selectFrom('staff_audit')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

/** A call back asked by the customer, at `phone` (two different phones: two requests). */
export async function customerCallBack(
  app: FastifyInstance,
  customer: { token: string; accountId: string },
  phone: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/account/accounts/${customer.accountId}/mail/phone-contact`,
    headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ phone }),
  });
  if (response.statusCode !== 200) throw new Error(`call back: ${response.statusCode}`);
  return response.json<{ reference: string }>().reference;
}
