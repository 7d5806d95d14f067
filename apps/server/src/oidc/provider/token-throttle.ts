// The provider's endpoints that check a client secret (the token endpoint, its revocation and the
// pushed authorization requests), throttled per source address and per client id at that
// address (services/integration/token-throttle.ts, docs/decisions/0094-integration-clients-under-
// attack.md). A middleware of the provider's own mount (identity-provider.ts), run before the
// provider: no other request pays for it. Enforces:
// - a POST that carries a client secret (an Authorization header of the Basic scheme, read as
//   the provider reads it) is counted before the provider sees it, under every spelling the
//   provider routes to those endpoints (its router and the mount ignore case and a final slash);
//   past a limit it gets 429, an OAuth 2.0 error body (`slow_down`, RFC 8628's code for « ask
//   less often », the registered one closest) with a French description, `Retry-After` in
//   seconds and no-store;
// - a secret in the body (client_secret_post) is not read by the provider at all
//   (provider.ts `clientAuthMethods`): no secret reaches it uncounted;
// - an answer other than 401 (a 401 is the provider's answer to a wrong secret or an unknown
//   client) takes the attempt back: only wrong secrets fill a window;
// - the server's own clients (the portal's and the console's, whose secrets are derived from
//   its keys and sent only in process by their sign-in) are not counted: every customer's code
//   exchange comes from the server's own address, and must not be refused for the others'.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  claimClientAuthentication,
  clientAuthenticationSucceeded,
} from '../../services/integration/token-throttle';
import { CONSOLE_CLIENT_ID, PORTAL_CLIENT_ID } from './first-party-clients';

/** The token, revocation and pushed authorization request endpoints, within the /oidc mount. */
const SECRET_ENDPOINTS = /^\/(?:token(?:\/revocation)?|request)\/?(?:\?|$)/i;
const OWN_CLIENTS = new Set([PORTAL_CLIENT_ID, CONSOLE_CLIENT_ID]);

/**
 * The client id of a Basic Authorization header, decoded as oidc-provider decodes it
 * (client_auth.js: `Basic` and one space, base64, the id before the first colon, form-encoded),
 * or undefined when the provider would refuse the header before looking at any secret.
 */
function basicClientId(header: string | undefined): string | undefined {
  const parts = header?.split(' ');
  if (parts?.length !== 2 || parts[0]!.toLowerCase() !== 'basic') return undefined;
  const basic = Buffer.from(parts[1]!, 'base64').toString('utf8');
  const colon = basic.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return decodeURIComponent(basic.slice(0, colon).replace(/\+/g, '%20'));
  } catch {
    return undefined;
  }
}

const retryText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Trop de tentatives d’authentification de ce client\u00a0: réessayez dans ${minutes}\u00a0minute${minutes > 1 ? 's' : ''}.`;
};

/** A request within the provider's mount: middie gives it Fastify's `ip` and logger. */
type MountedRequest = IncomingMessage & { ip?: string; log?: FastifyBaseLogger };

/**
 * The throttle as a middleware of the /oidc mount (`req.url` relative to it): `next()` hands the
 * request to the provider, `next(err)` to Fastify's error handler; a refusal is answered here.
 */
export function secretEndpointsThrottle(db: Db) {
  return (req: MountedRequest, res: ServerResponse, next: (err?: unknown) => void): void => {
    if (req.method !== 'POST' || !SECRET_ENDPOINTS.test(req.url ?? '')) return next();
    const clientId = basicClientId(req.headers.authorization);
    if (clientId === undefined || OWN_CLIENTS.has(clientId)) return next();
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    claimClientAuthentication(db, { clientId, address }).then((claim) => {
      if ('retryAfterSeconds' in claim) {
        req.log?.warn({ clientId }, 'token endpoint throttled');
        const body = JSON.stringify({
          error: 'slow_down',
          error_description: retryText(claim.retryAfterSeconds),
        });
        res.writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'retry-after': String(claim.retryAfterSeconds),
          'cache-control': 'no-store',
        });
        res.end(body);
        return;
      }
      res.once('finish', () => {
        if (res.statusCode === 401) return;
        clientAuthenticationSucceeded(db, claim.keys).catch((err: unknown) =>
          req.log?.error({ err }, 'token endpoint throttle: taking back failed'),
        );
      });
      next();
    }, next);
  };
}
