// A sign-in started in process (docs/decisions/0065-portal-session-cookie.md), so that a page load
// without a session costs no redirect: the server makes the browser's authorization request to
// the embedded provider itself (app.inject, with the browser's cookies and forwarded headers) and
//  - when the provider asks for the sign-in form, answers with that form at once, with the
//    provider's cookies (the form posts to the provider's interaction as usual);
//  - when the provider's session is still open and it answers with a code for this sign-in's
//    state, hands the code back, so the session opens and the page is served at once;
//  - otherwise lets the browser go to the provider itself.
// The provider sees the same request as from the browser: nothing of the flow is skipped.
//
// And once the form's script has sent a valid password (interactions.ts), `resumeHere` makes the
// browser's next provider request, the resume of the authorization, in process too, and the
// script goes straight to where the provider sent it: the portal's callback, which serves the
// page. For that the provider's resume cookie, which oidc-provider sets for its resume path only
// (/oidc/auth/<uid>), is given to the browser for the whole origin (`widenResumeCookie`), so the
// form's POST (/interaction/<uid>/login) carries it: an HttpOnly, SameSite=Lax, signed cookie of
// this origin holding the interaction's random id, cleared by the resume as before. A round trip
// fewer for a new visitor (docs/decisions/0065-portal-session-cookie.md, 2026-11-25).
import { AUTH_CALLBACK_PATH } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type Provider from 'oidc-provider';
import { readCookie } from '../provider/device-cookie';
import type { PendingSignIn } from './portal-client';
import { INTERACTION_PATH } from '../provider/provider';

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

/** The browser's headers that the provider is given with an in-process request. */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** A provider's Set-Cookie as given to the browser: its resume cookie for the whole origin. */
export function widenResumeCookie(resumeCookie: string, cookie: string): string {
  const name = cookie.slice(0, cookie.indexOf('='));
  if (name !== resumeCookie && name !== `${resumeCookie}.sig`) return cookie;
  return /;\s*path=[^;]*/i.test(cookie)
    ? cookie.replace(/;\s*path=[^;]*/i, '; path=/')
    : `${cookie}; path=/`;
}

/**
 * The provider's resume of a sign-in whose interaction has its result (interactions.ts), run in
 * process with the browser's cookies: where the provider sends the browser then (the portal's
 * callback with the code), with the cookies it set, for the form's script to go there at once.
 * Undefined, for the browser to resume itself, when the request lacks the resume cookie (a
 * sign-in begun at the provider) or carries a provider session (whose account the resume may
 * have to confirm with a page of its own).
 */
export async function resumeHere(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: Pick<Provider, 'cookieName'>,
  resumeUrl: string,
): Promise<{ location: string; cookies: string[] } | undefined> {
  const cookies = {
    resume: provider.cookieName('resume'),
    session: provider.cookieName('session'),
  };
  const has = (name: string) => readCookie(request.headers.cookie, name) !== undefined;
  if (!has(cookies.resume) || has(cookies.session)) return undefined;
  const url = new URL(resumeUrl, 'http://portal.invalid');
  const resumed = await app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { ...forwardedHeaders(request), cookie: request.headers.cookie ?? '' },
  });
  const location = resumed.headers.location;
  const given = setCookies(resumed).map((cookie) => widenResumeCookie(cookies.resume, cookie));
  // No redirect: the provider's own page (an error); the browser asks for it again and sees it.
  if (resumed.statusCode < 300 || resumed.statusCode >= 400 || typeof location !== 'string')
    return { location: resumeUrl, cookies: given };
  return { location, cookies: given };
}

export async function signInHere(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  begun: { url: string; pending: PendingSignIn },
  resumeCookie: string,
): Promise<Outcome> {
  const headers = forwardedHeaders(request);
  const auth = await app.inject({
    method: 'GET',
    url: begun.url,
    headers: { ...headers, cookie: request.headers.cookie ?? '' },
  });
  const location = auth.headers.location;
  if (auth.statusCode < 300 || auth.statusCode >= 400 || typeof location !== 'string')
    return { kind: 'elsewhere' };
  const next = new URL(location, 'http://portal.invalid');
  const providerCookies = setCookies(auth).map((cookie) => widenResumeCookie(resumeCookie, cookie));
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
