// An external OpenID Connect provider (OIDC_ISSUER) as the portal's session needs it
// (external-portal-session.ts, docs/decisions/0084-external-provider-sessions.md): its metadata
// and keys, found through its discovery document, and its back-channel logout (OpenID Connect
// Back-Channel Logout 1.0). It enforces:
// - the metadata is fetched when first needed, not at start, and fetched again after a failure;
// - a logout token is accepted only signed by that provider's keys, issued by it for this client,
//   recent (5 minutes) and not expired (its `exp` required, as OpenID Connect Back-Channel
//   Logout 1.0 §2.4 does), with the back-channel logout event, no nonce, and a `sid` or a `sub`;
//   it ends the portal sessions of that provider session (or of that account), and nothing else;
// - anything else gets 400 and ends nothing.
import { AUTH_BACKCHANNEL_LOGOUT_PATH } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { closeProviderSessions } from '../../services/identity/portal-sessions';

export interface ExternalProviderOptions {
  db: Db;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface ExternalProvider {
  config: oidc.Configuration;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** What AUTH_BACKCHANNEL_LOGOUT_PATH accepts: a form with one logout token. */
const logoutForm = z.object({ logout_token: z.string().min(1).max(16_384) });

/** The provider's metadata and keys, fetched once it is first needed, again after a failure. */
export function externalProvider(opts: ExternalProviderOptions): () => Promise<ExternalProvider> {
  let found: Promise<ExternalProvider> | undefined;
  const discover = async (): Promise<ExternalProvider> => {
    const config = await oidc.discovery(
      new URL(opts.issuer),
      opts.clientId,
      undefined,
      oidc.ClientSecretBasic(opts.clientSecret),
      // A provider on plain http: development and tests only (production names an https one).
      opts.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    const jwksUri = config.serverMetadata().jwks_uri;
    if (!jwksUri) throw new Error(`${opts.issuer}: no jwks_uri in its discovery document`);
    return { config, keys: createRemoteJWKSet(new URL(jwksUri)) };
  };
  return () =>
    (found ??= discover().catch((error: unknown) => {
      found = undefined;
      throw error;
    }));
}

/** AUTH_BACKCHANNEL_LOGOUT_PATH: the provider ends the portal sessions of one of its sessions. */
export function backchannelLogout(
  app: FastifyInstance,
  provider: () => Promise<ExternalProvider>,
  opts: ExternalProviderOptions,
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32_768 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(AUTH_BACKCHANNEL_LOGOUT_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const form = logoutForm.safeParse(request.body);
      const logout = form.success ? await verifyLogoutToken(form.data.logout_token) : undefined;
      if (!logout) return reply.code(400).send({ error: 'invalid_request' });
      const ended = await closeProviderSessions(opts.db, logout);
      request.log.info({ ended }, 'back-channel logout');
      return reply.code(200).send();
    });
  });

  /** The session or account a valid logout token names, or undefined. */
  async function verifyLogoutToken(
    token: string,
  ): Promise<{ sid?: string; accountId?: string } | undefined> {
    try {
      const { config, keys: jwks } = await provider();
      const { payload } = await jwtVerify(token, jwks, {
        issuer: config.serverMetadata().issuer,
        audience: opts.clientId,
        requiredClaims: ['iat', 'exp', 'events'],
        maxTokenAge: '5 minutes',
      });
      const events = payload.events as Record<string, unknown> | undefined;
      if (typeof events?.[BACKCHANNEL_LOGOUT_EVENT] !== 'object' || 'nonce' in payload)
        return undefined;
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      const accountId = typeof payload.sub === 'string' ? payload.sub : undefined;
      return sid || accountId ? { sid, accountId } : undefined;
    } catch {
      return undefined;
    }
  }
}
