// The integration API, /backoffice/v1 (docs/integration.md): the broker's systems write and
// read customers, contracts and their documents by their own identifiers. Its own scope: its
// own token check (plugins/integration-authentication.ts, another audience than /api/v1), its
// own OpenAPI document at /backoffice/docs, none of the customer API's hooks (account scope,
// Idempotency-Key: a PUT of the same record is idempotent by itself).
import { INTEGRATION_PREFIX } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import integrationAuthentication, {
  type IntegrationAuthenticationOptions,
} from '../../plugins/integration-authentication';
import { UnauthorizedError } from '../../plugins/errors';
import { integrationTokenLive } from '../../services/integration/clients';
import { refusedBeforeTheHandler } from '../responses';
import contractRoutes from './contracts';
import conversationRoutes from './conversations';
import customerRoutes from './customers';
import documentRoutes from './documents';
import eventRoutes from './events';
import invitationRoutes from './invitations';
import owedDocumentRoutes from './owed-documents';
import requestRoutes from './requests';
import webhookRoutes from './webhooks';

/** The largest JSON record (a contract with its drivers, coverages and claims). */
export const BACKOFFICE_BODY_LIMIT = 262_144;

export interface IntegrationOptions {
  /** The embedded provider's public keys; undefined when OIDC_ISSUER names another provider. */
  localJwks: JSONWebKeySet | undefined;
}

/**
 * Who issues the integration API's tokens: the operator's own provider when configured
 * (INTEGRATION_ISSUER + INTEGRATION_JWKS_URL), else the embedded one; none with an external
 * customer provider and no INTEGRATION_ISSUER (every call is then refused).
 */
function tokenIssuer(
  config: Config,
  db: Db,
  localJwks: JSONWebKeySet | undefined,
): IntegrationAuthenticationOptions | undefined {
  const { audience, issuer, jwksUrl } = config.integration;
  if (issuer && jwksUrl) return { issuer, audience, keys: new URL(jwksUrl) };
  if (localJwks)
    return {
      issuer: config.oidc.issuer,
      audience,
      keys: localJwks,
      // Its clients are ours: a revoked client's or a rotated secret's token stops at once.
      clientLive: (clientId, secretId) => integrationTokenLive(db, clientId, secretId),
    };
  return undefined;
}

export default async function integrationRoutes(app: FastifyInstance, opts: IntegrationOptions) {
  const { config } = app;
  const authentication = tokenIssuer(config, app.db, opts.localJwks);
  if (config.apiDocs)
    await app.register(import('../../plugins/integration-openapi'), {
      publicUrl: config.publicUrl,
    });
  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        route.bodyLimit ??= BACKOFFICE_BODY_LIMIT;
        // 403: a scope the token lacks (plugins/integration-authentication.ts).
        refusedBeforeTheHandler(route, [403]);
      });
      if (authentication) await api.register(integrationAuthentication, authentication);
      else
        api.addHook('onRequest', async () => {
          throw new UnauthorizedError();
        });
      await api.register(customerRoutes);
      await api.register(contractRoutes);
      await api.register(owedDocumentRoutes);
      await api.register(documentRoutes);
      await api.register(invitationRoutes);
      await api.register(eventRoutes);
      await api.register(requestRoutes);
      await api.register(webhookRoutes);
      await api.register(conversationRoutes);
    },
    { prefix: INTEGRATION_PREFIX },
  );
}
