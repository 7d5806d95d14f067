// Bearer authentication of /api/v1 (docs/decisions/0010-scoped-by-the-token.md). It enforces: a JWT access token
// signed by the issuer's keys (JWKS), with the expected issuer and audience, not expired, signed
// with an allowed asymmetric algorithm (never 'none' or HMAC); `sub` is the account id, and a
// path whose {accountId} is not the caller's gets 403 before any handler runs; a token whose
// provider session is gone (sign-out, password change, reset, deletion) gets 401 at once
// (token-validity.ts, one indexed lookup per request: a route whose `config.sessionInRead` is
// set makes it inside its own statement and must call `confirmSession` with the answer, or its
// 2xx/3xx answer becomes a 500, docs/decisions/0068-api-reads-one-statement.md); a token bound to a key (`cnf`, DPoP or
// mTLS, RFC 9449) is refused, since this API takes plain Bearer tokens only
// (docs/decisions/0051-tokens-bound-to-their-session.md).
// A verified token is remembered (VerifiedTokens: keyed by the whole token, at most
// VERIFIED_TOKENS_MAX, never past its `exp`) so the signature is checked once per token, not
// per request; its session is still checked on every request.
// A request without a Bearer token may use the portal's session cookie instead
// (cookie-session.ts: its own origin checks, then its session; docs/decisions/0065-portal-session-cookie.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { SessionToCheck, TokenValidity } from '../services/identity/token-validity';
import { cookieCaller } from './cookie-session';
import { ForbiddenError, UnauthorizedError } from './errors';

export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account id (token subject); set on every /api/v1 request. */
    accountId: string;
    /** The caller's email from the token, when the provider puts it there. */
    tokenEmail: string | undefined;
    /** The provider session id (`sid`) of the caller's token, when it has one. */
    tokenSid: string | undefined;
    /** What a `sessionInRead` route's statement checks (token-validity.ts `sessionAlive`). */
    session: SessionToCheck;
    /** Whether the token's session was found open for this request. */
    sessionConfirmed: boolean;
  }
  interface FastifyContextConfig {
    /** This read checks the token's session in its own statement, then calls `confirmSession`. */
    sessionInRead?: boolean;
  }
}

/** A `sessionInRead` route's answer to its statement's `sessionAlive`: 401 when closed. */
export function confirmSession(request: FastifyRequest, alive: boolean): asserts alive {
  if (!alive) throw new UnauthorizedError();
  request.sessionConfirmed = true;
}

class SessionNotCheckedError extends Error {
  constructor(url: string) {
    super(`${url}: sessionInRead route answered without confirmSession`);
  }
}

export interface AuthenticationOptions {
  issuer: string;
  audience: string;
  /** The embedded provider's public keys; otherwise the issuer's jwks_uri is discovered. */
  localJwks?: JSONWebKeySet | undefined;
  /** Whether a token's provider session still exists. */
  tokenValidity: TokenValidity;
}

async function remoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery failed for ${issuer}: ${response.status}`);
  const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
  return createRemoteJWKSet(new URL(jwksUri));
}

export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Tokens whose signature, issuer, audience and algorithm were verified, with their payload, least
 * recently used first (a Map keeps insertion order). An entry is only used before its `exp`,
 * and dropped at the first use after; the oldest is dropped past `max` entries.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, JWTPayload>();

  constructor(
    private readonly max = VERIFIED_TOKENS_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): JWTPayload | undefined {
    const payload = this.entries.get(token);
    if (!payload) return undefined;
    this.entries.delete(token);
    if (payload.exp! * 1000 <= this.now()) return undefined;
    this.entries.set(token, payload);
    return payload;
  }

  set(token: string, payload: JWTPayload): void {
    this.entries.set(token, payload);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/.exec(header) : null;
  return match?.[1];
}

export default fp(async function authentication(app: FastifyInstance, opts: AuthenticationOptions) {
  let keys: Promise<JWTVerifyGetKey> | undefined = opts.localJwks
    ? Promise.resolve(createLocalJWKSet(opts.localJwks))
    : undefined;
  const getKeys = () => {
    keys ??= remoteKeys(opts.issuer).catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  };

  const verified = new VerifiedTokens();
  const verify = async (token: string): Promise<JWTPayload> => {
    const known = verified.get(token);
    if (known) return known;
    const keySet = await getKeys();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: opts.issuer,
        audience: opts.audience,
        algorithms: ALLOWED_ALGORITHMS,
        requiredClaims: ['sub', 'exp'],
      }));
      if (payload.cnf !== undefined) throw new Error('sender-constrained token');
    } catch {
      throw new UnauthorizedError();
    }
    verified.set(token, payload);
    return payload;
  };

  app.decorateRequest('accountId', '');
  app.decorateRequest('tokenEmail', undefined);
  app.decorateRequest('tokenSid', undefined);
  app.decorateRequest('session', undefined as unknown as SessionToCheck);
  app.decorateRequest('sessionConfirmed', false);

  // Fails closed: a sessionInRead route that answers without confirming the session is a bug.
  app.addHook('onRoute', (route) => {
    if (!route.config?.sessionInRead) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [
      ...own,
      (request, reply, payload, done) => {
        if (reply.statusCode < 400 && !request.sessionConfirmed)
          done(new SessionNotCheckedError(route.url));
        else done(null, payload);
      },
    ];
  });

  /** The caller as the token says, its session to be checked by the route's own statement. */
  const sessionInRead = (request: FastifyRequest, payload: JWTPayload) => {
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    request.session = {
      accountId: payload.sub!,
      sid,
      embedded: opts.tokenValidity.embeddedProvider,
    };
    request.accountId = payload.sub!;
    request.tokenEmail = typeof payload.email === 'string' ? payload.email : undefined;
    request.tokenSid = sid;
  };

  const authenticate = async (request: FastifyRequest, token: string | undefined) => {
    if (!token) {
      const session = await cookieCaller(request);
      request.accountId = session.accountId;
      request.tokenSid = session.providerSid;
      // cookieCaller found the portal session alive with its provider session; a read that
      // checks the session in its own statement checks that provider session again.
      request.session = {
        accountId: session.accountId,
        sid: session.providerSid,
        embedded: opts.tokenValidity.embeddedProvider,
      };
      request.sessionConfirmed = !request.routeOptions.config.sessionInRead;
      return;
    }
    const payload = await verify(token);
    if (request.routeOptions.config.sessionInRead) return sessionInRead(request, payload);
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    if (!(await opts.tokenValidity.accepts({ accountId: payload.sub!, sid })))
      throw new UnauthorizedError();
    request.sessionConfirmed = true;
    request.accountId = payload.sub!;
    request.tokenEmail = typeof payload.email === 'string' ? payload.email : undefined;
    request.tokenSid = sid;
  };

  // Callback-style: a read that checks the session in its own statement with a token already
  // verified (the reads every screen starts with) is settled here without a promise
  // (docs/decisions/0068-api-reads-one-statement.md).
  app.addHook('onRequest', (request, reply, done) => {
    // Set first, so that every answer carries it, refusals included.
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    const known = token && request.routeOptions.config.sessionInRead && verified.get(token);
    if (known) {
      sessionInRead(request, known);
      return done();
    }
    authenticate(request, token).then(() => done(), done);
  });

  // Scope check before validation and handlers: {accountId} must be the caller's.
  app.addHook('preValidation', (request, _reply, done) => {
    const params = request.params as { accountId?: string } | undefined;
    done(
      params?.accountId !== undefined && params.accountId !== request.accountId
        ? new ForbiddenError()
        : undefined,
    );
  });
});
