// The server as a confidential client of the embedded provider (provider/first-party-clients.ts):
// the portal's (docs/decisions/0065-portal-session-cookie.md) and the staff console's (console-client.ts,
// docs/decisions/0082-staff-sign-in-with-a-second-factor.md) sign in through this one code. It
// enforces:
// - the authorization-code flow with PKCE (S256) and `state`, started by the server: the state,
//   the verifier and the path to return to wait in a short HttpOnly cookie signed with the
//   provider's cookie keys (kept in the database, so any instance finishes what another began);
// - the callback accepts a code only with the state of that cookie (no login CSRF), and the
//   cookie is cleared whatever happens;
// - the code is exchanged in process with the provider's token endpoint, authenticated with the
//   client's secret (an HMAC of the newest cookie key under the client's label: nothing more to
//   store or configure);
// - the path to return to is a path of this origin, never another site (each caller's check).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { clientSecret, type ServerClient } from '../provider/first-party-clients';

/** How long a sign-in may take: the provider's interaction lifetime (provider.ts). */
export const SIGN_IN_COOKIE_MAX_AGE = 1800;

export interface PendingSignIn {
  state: string;
  verifier: string;
  returnTo: string;
}

const random = () => randomBytes(32).toString('base64url');
const sign = (client: ServerClient, key: string, text: string) =>
  createHmac('sha256', key).update(`${client.cookieLabel}:${text}`).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A new sign-in: its cookie's value and the provider's authorization URL, relative to this
 * origin for the embedded provider (`${issuer}/auth`), absolute for an external provider's
 * `authorizationEndpoint` (external-portal-session.ts).
 */
export function beginSignIn(
  client: ServerClient,
  keys: string[],
  issuer: string,
  publicUrl: string,
  returnTo: string,
  authorizationEndpoint?: string,
): { cookie: string; url: string; pending: PendingSignIn } {
  const pending: PendingSignIn = { state: random(), verifier: random(), returnTo };
  const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
  const url = new URL(authorizationEndpoint ?? `${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: `${publicUrl}${client.callbackPath}`,
    response_type: 'code',
    scope: 'openid',
    ...client.extraParams,
    state: pending.state,
    code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  // Relative to this origin: the embedded provider answers here, and the redirect stays same-site.
  return {
    cookie: `${payload}.${sign(client, keys[0]!, payload)}`,
    url: authorizationEndpoint ? url.href : url.pathname + url.search,
    pending,
  };
}

/** The pending sign-in of a cookie signed by one of `keys` for this `state`, or undefined. */
export function pendingSignIn(
  client: ServerClient,
  keys: string[],
  cookie: string | undefined,
  state: unknown,
): PendingSignIn | undefined {
  const [payload, signature, extra] = cookie?.split('.') ?? [];
  if (!payload || !signature || extra !== undefined || typeof state !== 'string') return undefined;
  if (!keys.some((key) => same(signature, sign(client, key, payload)))) return undefined;
  try {
    const pending = JSON.parse(Buffer.from(payload, 'base64url').toString()) as PendingSignIn;
    return typeof pending.state === 'string' && same(pending.state, state) ? pending : undefined;
  } catch {
    return undefined;
  }
}

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString() || '{}') as Record<
    string,
    unknown
  >;
}

/**
 * Exchanges the code at the provider's token endpoint, in process (no network, no TLS to trust:
 * the answer comes from the provider itself). Returns the subject and the provider session, or
 * undefined when the provider refuses the code.
 */
export async function exchangeCode(
  app: FastifyInstance,
  client: ServerClient,
  opts: { keys: string[]; publicUrl: string },
  code: string,
  verifier: string,
): Promise<{ subject: string; providerSid: string } | undefined> {
  const basic = Buffer.from(`${client.clientId}:${clientSecret(client, opts.keys)}`).toString(
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
      redirect_uri: `${opts.publicUrl}${client.callbackPath}`,
    }).toString(),
  });
  if (response.statusCode !== 200) return undefined;
  const accessToken = response.json<{ access_token?: string }>().access_token;
  const { sub, sid } = claims(accessToken ?? '');
  return typeof sub === 'string' && typeof sid === 'string'
    ? { subject: sub, providerSid: sid }
    : undefined;
}
