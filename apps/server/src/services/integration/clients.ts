// The integration clients of the embedded provider: the broker's systems, which obtain tokens
// for /backoffice/v1 with OAuth 2.0 client credentials (docs/integration.md,
// docs/decisions/0072-integration-client-secrets.md). Enforces: a secret is 32 random bytes,
// shown once at creation and stored only as its SHA-256 (a random secret of that length needs
// no slow hash: nothing can be guessed from the digest); a client holds `backoffice:read`,
// `backoffice:write` or both; a revoked client gets no new token; a rotated secret replaces the
// old one at once; a token works only while its client is not revoked and the secret it was
// obtained with is still the client's (`integrationTokenLive`: one primary-key lookup a request,
// nothing kept in process beyond db/prepared.ts's sole-writer memo on PGlite,
// docs/decisions/0094-integration-clients-under-attack.md).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { INTEGRATION_SCOPE } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';

export const INTEGRATION_SCOPES: readonly string[] = Object.values(INTEGRATION_SCOPE);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The claim of an integration token that names the secret it was obtained with: the first 16
 * hex digits of the secret's SHA-256 (the stored digest). It tells nothing of the secret (the
 * token's holder has the secret anyway) and lets a request see that the secret was rotated away.
 */
export const SECRET_CLAIM = 'secret_id';
const SECRET_ID_LENGTH = 16;

/** The SECRET_CLAIM of a token obtained with the secret whose SHA-256 is `secretSha256`. */
export const secretIdOf = (secretSha256: string) => secretSha256.slice(0, SECRET_ID_LENGTH);

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
    throw new Error(
      `scopes: ${INTEGRATION_SCOPES.join(', ')} (got ${scopes.join(', ') || 'none'})`,
    );
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'client';
  const clientId = `${slug}-${randomBytes(4).toString('hex')}`;
  const secret = newSecret();
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

/**
 * Gives an active client a new secret, returned once; the old one stops at once, with every
 * token obtained with it. Undefined when no active client has this id.
 */
export async function rotateIntegrationClientSecret(
  db: Db,
  clientId: string,
): Promise<string | undefined> {
  const secret = newSecret();
  const result = await db
    .updateTable('integration_clients')
    .set({ secret_sha256: sha256(secret) })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? secret : undefined;
}

const liveStatement = prepared(
  (clientId: unknown, secretId: unknown) => sql<{ live: boolean }>`
    select exists (
      select 1 from integration_clients
      where client_id = ${clientId}::text and revoked_at is null
        and left(secret_sha256, ${sql.lit(SECRET_ID_LENGTH)}) = ${secretId}::text) as live`,
  // On PGlite the sole writer knows when it may have changed (revoking or rotating is a write,
  // and the CLI opens PGlite's folder only while the server is stopped); on PostgreSQL nothing
  // is kept, the lookups of one turn of the event loop share a statement (db/prepared.ts).
  { memo: true, batch: true },
);

/**
 * Whether a token of the embedded provider still opens the integration API: its client is not
 * revoked and its SECRET_CLAIM names the client's current secret. One primary-key lookup.
 */
export async function integrationTokenLive(
  db: Db,
  clientId: string,
  secretId: unknown,
): Promise<boolean> {
  if (typeof secretId !== 'string' || secretId.length !== SECRET_ID_LENGTH) return false;
  const { rows } = await liveStatement(db, clientId, secretId);
  return rows[0]?.live === true;
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
