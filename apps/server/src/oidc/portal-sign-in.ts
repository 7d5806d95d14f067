// A sign-in started in process (docs/decisions/0065-portal-session-cookie.md), so that a page load
// without a session costs no redirect: the server makes the browser's authorization request to
// the embedded provider itself (app.inject, with the browser's cookies and forwarded headers) and
//  - when the provider asks for the sign-in form, answers with that form at once, with the
//    provider's cookies (the form posts to the provider's interaction as usual);
//  - when the provider's session is still open and it answers with a code for this sign-in's
//    state, hands the code back, so the session opens and the page is served at once;
//  - otherwise lets the browser go to the provider itself.
// The provider sees the same request as from the browser: nothing of the flow is skipped.
import { AUTH_CALLBACK_PATH } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { PendingSignIn } from './portal-client';
import { INTERACTION_PATH } from './provider';

type Outcome = { kind: 'answered' } | { kind: 'code'; code: string } | { kind: 'elsewhere' };

const FORWARDED = [
  'host',
  'user-agent',
  'accept-language',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-for',
];

const setCookies = (response: LightMyRequestResponse) => {
  const value = response.headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [String(value)];
};

export async function signInHere(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  begun: { url: string; pending: PendingSignIn },
): Promise<Outcome> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const auth = await app.inject({
    method: 'GET',
    url: begun.url,
    headers: { ...headers, cookie: request.headers.cookie ?? '' },
  });
  const location = auth.headers.location;
  if (auth.statusCode < 300 || auth.statusCode >= 400 || typeof location !== 'string')
    return { kind: 'elsewhere' };
  const next = new URL(location, 'http://portal.invalid');
  const providerCookies = setCookies(auth);
  if (next.pathname === AUTH_CALLBACK_PATH) {
    const code = next.searchParams.get('code');
    if (!code || next.searchParams.get('state') !== begun.pending.state)
      return { kind: 'elsewhere' };
    for (const cookie of providerCookies) reply.header('set-cookie', cookie);
    return { kind: 'code', code };
  }
  if (!next.pathname.startsWith(`${INTERACTION_PATH}/`)) return { kind: 'elsewhere' };
  // The browser's cookies, with those the provider just set in their place.
  const jar = new Map<string, string>();
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const cookie of auth.cookies) jar.set(cookie.name, cookie.value);
  const form = await app.inject({
    method: 'GET',
    url: next.pathname + next.search,
    headers: { ...headers, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  if (form.statusCode !== 200) return { kind: 'elsewhere' };
  for (const cookie of [...providerCookies, ...setCookies(form)])
    reply.header('set-cookie', cookie);
  await reply
    .code(200)
    .header('cache-control', 'no-store')
    .type(String(form.headers['content-type'] ?? 'text/html; charset=utf-8'))
    .send(form.body);
  return { kind: 'answered' };
}
