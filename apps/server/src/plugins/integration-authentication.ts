// Bearer authentication of /backoffice/v1, the integration API (docs/integration.md,
// docs/decisions/0072-integration-client-secrets.md). Enforces: a JWT access token signed by the
// issuer's keys with an allowed asymmetric algorithm, from the expected issuer (the embedded
// provider's client credentials, or the operator's own provider by configuration), for the
// integration API's own audience — never the customer API's, so a customer's token never opens
// /backoffice/v1 and an integration token never opens /api/v1 (its audience differs); a
// key-bound token (`cnf`) is refused. A token of the embedded provider works only while its
// client is not revoked and the secret it was obtained with is still the client's (`clientLive`,
// one primary-key lookup on every request, after the signature, which is checked once per token:
// a revoked client's token gets 401 at once, on every instance;
// docs/decisions/0094-integration-clients-under-attack.md). A read needs the scope
// `backoffice:read`, a write `backoffice:write` (403 otherwise, before the body is read).
import { INTEGRATION_SCOPE, ERROR_CODES, INTEGRATION_MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { DomainError } from '../services/errors';
import { SECRET_CLAIM } from '../services/integration/clients';
import { ALLOWED_ALGORITHMS, bearerToken, VerifiedTokens } from './authentication';
import { UnauthorizedError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The integration client of a /backoffice/v1 call (the token's client_id or sub). */
    integrationClient: string;
  }
}

export interface IntegrationAuthenticationOptions {
  issuer: string;
  audience: string;
  /** The embedded provider's public keys, or the operator's JWKS URL. */
  keys: JSONWebKeySet | URL;
  /**
   * With the embedded provider: whether the token's client is still active with the secret the
   * token names (its SECRET_CLAIM). The operator's own provider's tokens are its business.
   */
  clientLive?: ((clientId: string, secretId: unknown) => Promise<boolean>) | undefined;
}

class InsufficientScopeError extends DomainError {
  constructor() {
    super(ERROR_CODES.forbidden, INTEGRATION_MESSAGES.insufficientScope);
  }
}

/** The scopes of a token: `scope` (RFC 9068, space-separated) or `scp` (an array, some IdPs). */
function scopesOf(payload: JWTPayload): Set<string> {
  if (typeof payload.scope === 'string') return new Set(payload.scope.split(' '));
  if (Array.isArray(payload.scp)) return new Set(payload.scp.map(String));
  return new Set();
}

export default fp(async function integrationAuthentication(
  app: FastifyInstance,
  opts: IntegrationAuthenticationOptions,
) {
  const keySet =
    opts.keys instanceof URL ? createRemoteJWKSet(opts.keys) : createLocalJWKSet(opts.keys);
  const verified = new VerifiedTokens();

  app.decorateRequest('integrationClient', '');
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError();
    let payload = verified.get(token);
    if (!payload) {
      try {
        ({ payload } = await jwtVerify(token, keySet, {
          issuer: opts.issuer,
          audience: opts.audience,
          algorithms: ALLOWED_ALGORITHMS,
          requiredClaims: ['exp'],
        }));
      } catch {
        throw new UnauthorizedError();
      }
      if (payload.cnf !== undefined) throw new UnauthorizedError();
      verified.set(token, payload);
    }
    const claimed = payload.client_id ?? payload.sub;
    const client = typeof claimed === 'string' ? claimed : '';
    if (opts.clientLive && !(await opts.clientLive(client, payload[SECRET_CLAIM])))
      throw new UnauthorizedError();
    const needed = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
    if (!scopesOf(payload).has(INTEGRATION_SCOPE[needed])) throw new InsufficientScopeError();
    request.integrationClient = client;
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
});
