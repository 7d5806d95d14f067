// The integration clients of the embedded provider: the broker's systems, which obtain tokens
// for /backoffice/v1 with OAuth 2.0 client credentials (docs/integration.md,
// docs/decisions/0072-integration-client-secrets.md). Enforces: a secret is 32 random bytes,
// shown once at creation and stored only as its SHA-256 (a random secret of that length needs
// no slow hash: nothing can be guessed from the digest); a client holds `backoffice:read`,
// `backoffice:write` or both; a revoked client gets no new token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BACKOFFICE_SCOPES } from '@espace/contract';
import type { Db } from '../../db/client';

export const INTEGRATION_SCOPES: readonly string[] = Object.values(BACKOFFICE_SCOPES);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whether `secret` is the one whose SHA-256 is `stored` (in constant time). */
export function secretMatches(stored: string, secret: string): boolean {
  const expected = Buffer.from(stored, 'hex');
  const actual = createHash('sha256').update(secret).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function createIntegrationClient(
  db: Db,
  name: string,
  scopes: readonly string[],
): Promise<{ clientId: string; secret: string }> {
  const unknown = scopes.filter((s) => !INTEGRATION_SCOPES.includes(s));
  if (unknown.length || scopes.length === 0)
    throw new Error(`scopes: ${INTEGRATION_SCOPES.join(', ')} (got ${scopes.join(', ') || 'none'})`);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'client';
  const clientId = `${slug}-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('integration_clients')
    .values({ client_id: clientId, name, secret_sha256: sha256(secret), scopes: scopes.join(' ') })
    .execute();
  return { clientId, secret };
}

export async function revokeIntegrationClient(db: Db, clientId: string): Promise<boolean> {
  const result = await db
    .updateTable('integration_clients')
    .set({ revoked_at: new Date() })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listIntegrationClients(db: Db) {
  return db
    .selectFrom('integration_clients')
    .select(['client_id', 'name', 'scopes', 'created_at', 'revoked_at'])
    .orderBy('created_at')
    .execute();
}

/** The provider's metadata of a client that is not revoked (its secret as its SHA-256). */
export async function integrationClientMetadata(db: Db, clientId: string) {
  const row = await db
    .selectFrom('integration_clients')
    .select(['client_id', 'secret_sha256', 'scopes'])
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    client_id: row.client_id,
    client_secret: row.secret_sha256,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
    scope: row.scopes,
  };
}
