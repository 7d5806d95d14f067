// The staff console's server as a confidential client of the embedded provider
// (docs/backoffice.md « Connexion », docs/decisions/0082-staff-sign-in-with-a-second-factor.md),
// built as the portal's (portal-client.ts). It enforces:
// - the authorization-code flow with PKCE (S256), `state`, and `prompt=login`: every console
//   sign-in asks the password and the second factor, whatever provider session the browser has;
// - the state, the verifier and the console path to return to wait in a short HttpOnly cookie
//   signed with the provider's cookie keys, under a label of its own (a portal sign-in cookie is
//   not a console one);
// - the code is exchanged in process, authenticated with the client's secret (an HMAC of the
//   newest cookie key), for a token of the console's own audience, never the customer API's;
// - the path to return to is under /backoffice, never another site.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONSOLE_APP_PATH } from '@espace/contract';
import type { FastifyInstance } from 'fastify';

export const CONSOLE_CLIENT_ID = 'espace-assure-console';
export const CONSOLE_CALLBACK_PATH = `${CONSOLE_APP_PATH}/auth/callback`;
export const CONSOLE_SIGN_IN_PATH = `${CONSOLE_APP_PATH}/auth/sign-in`;

export const consoleClientSecret = (keys: string[]) =>
  createHmac('sha256', keys[0]!).update('console-client-secret').digest('base64url');

/** The audience of the console client's tokens (read in process only; no API accepts it). */
export const consoleAudience = (publicUrl: string) => `${publicUrl}${CONSOLE_APP_PATH}`;

export interface PendingConsoleSignIn {
  state: string;
  verifier: string;
  returnTo: string;
}

const random = () => randomBytes(32).toString('base64url');
const sign = (key: string, text: string) =>
  createHmac('sha256', key).update(`console-sign-in:${text}`).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

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

/** A new console sign-in: its cookie's value and the provider's authorization URL (relative). */
export function beginConsoleSignIn(
  keys: string[],
  issuer: string,
  publicUrl: string,
  returnTo: string,
): { cookie: string; url: string } {
  const pending: PendingConsoleSignIn = { state: random(), verifier: random(), returnTo };
  const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: CONSOLE_CLIENT_ID,
    redirect_uri: `${publicUrl}${CONSOLE_CALLBACK_PATH}`,
    response_type: 'code',
    scope: 'openid',
    prompt: 'login',
    state: pending.state,
    code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return { cookie: `${payload}.${sign(keys[0]!, payload)}`, url: url.pathname + url.search };
}

/** The pending sign-in of a cookie signed by one of `keys` for this `state`, or undefined. */
export function pendingConsoleSignIn(
  keys: string[],
  cookie: string | undefined,
  state: unknown,
): PendingConsoleSignIn | undefined {
  const [payload, signature, extra] = cookie?.split('.') ?? [];
  if (!payload || !signature || extra !== undefined || typeof state !== 'string') return undefined;
  if (!keys.some((key) => same(signature, sign(key, payload)))) return undefined;
  try {
    const pending = JSON.parse(
      Buffer.from(payload, 'base64url').toString(),
    ) as PendingConsoleSignIn;
    return typeof pending.state === 'string' && same(pending.state, state) ? pending : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Exchanges the code at the provider's token endpoint, in process: the subject and the provider
 * session, or undefined when the provider refuses the code.
 */
export async function exchangeConsoleCode(
  app: FastifyInstance,
  opts: { keys: string[]; publicUrl: string },
  code: string,
  verifier: string,
): Promise<{ subject: string; providerSid: string } | undefined> {
  const basic = Buffer.from(`${CONSOLE_CLIENT_ID}:${consoleClientSecret(opts.keys)}`).toString(
    'base64',
  );
  const response = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${opts.publicUrl}${CONSOLE_CALLBACK_PATH}`,
    }).toString(),
  });
  if (response.statusCode !== 200) return undefined;
  const token = response.json<{ access_token?: string }>().access_token ?? '';
  const claims = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}',
  ) as Record<string, unknown>;
  const { sub, sid } = claims;
  return typeof sub === 'string' && typeof sid === 'string'
    ? { subject: sub, providerSid: sid }
    : undefined;
}
