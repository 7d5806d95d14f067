// The embedded provider's side of the integration clients (services/integration/clients.ts,
// docs/decisions/0072-integration-client-secrets.md): client credentials for /backoffice/v1.
// Enforces: a client is looked up in `integration_clients` (the provider's Client adapter), never
// in the provider's own storage; its secret is checked against the stored SHA-256
// (`compareClientSecret`, the one method through which oidc-provider compares a
// client_secret_basic/post secret); its token is for the integration API's audience only, with
// the scopes the client holds, and names the secret it was obtained with (SECRET_CLAIM), so that
// /backoffice/v1 refuses it as soon as the client is revoked or that secret rotated away
// (docs/decisions/0094-integration-clients-under-attack.md); the customer SPA can never get that
// audience, an integration client never the customer API's.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Db } from '../../db/client';
import {
  INTEGRATION_SCOPES,
  integrationClientMetadata,
  SECRET_CLAIM,
  secretIdOf,
  secretMatches,
} from '../../services/integration/clients';

export { INTEGRATION_SCOPES };

/** Integration tokens live 10 minutes; a client asks for another with its secret. */
export const INTEGRATION_TOKEN_TTL_SECONDS = 600;

/** The provider's Client storage: read-only, from integration_clients. */
export function integrationClientAdapter(db: Db): Adapter {
  const readOnly = async () => undefined;
  return {
    find: async (id: string) =>
      (await integrationClientMetadata(db, id)) as AdapterPayload | undefined,
    upsert: readOnly,
    findByUid: readOnly,
    findByUserCode: readOnly,
    consume: readOnly,
    destroy: readOnly,
    revokeByGrantId: readOnly,
  };
}

/** Makes the provider compare a client's secret with the SHA-256 it stores. */
export function compareHashedSecrets(provider: Provider): void {
  provider.Client.prototype.compareClientSecret = async function compare(
    this: { clientSecret?: string },
    actual: string,
  ) {
    return typeof this.clientSecret === 'string' && secretMatches(this.clientSecret, actual);
  };
}

/**
 * The claims the provider adds to an integration client's access token: SECRET_CLAIM, from the
 * stored digest of the secret the client was authenticated with (the provider's Client holds
 * it as its `clientSecret`); nothing for another client's token.
 */
export function integrationTokenClaims(token: {
  kind: string;
  client?: { clientSecret?: string | undefined } | undefined;
}): Record<string, string> | undefined {
  const stored = token.client?.clientSecret;
  return token.kind === 'ClientCredentials' && typeof stored === 'string'
    ? { [SECRET_CLAIM]: secretIdOf(stored) }
    : undefined;
}

/** Whether a client is an integration client (the only clients with client credentials). */
export const isIntegrationClient = (client: { grantTypeAllowed(type: string): boolean }) =>
  client.grantTypeAllowed('client_credentials');

/** The resource server of the integration API for one of its clients, or InvalidTarget. */
export function integrationResourceServer(audience: string, client: { scope?: string }) {
  if (!client.scope) throw new errors.InvalidTarget();
  return {
    scope: client.scope,
    audience,
    accessTokenTTL: INTEGRATION_TOKEN_TTL_SECONDS,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg: 'RS256' as const } },
  };
}
