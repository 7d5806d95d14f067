// Signing keys and cookie keys of the embedded provider: generated on first start and kept in
// the database (never in the repository), so every instance and every restart shares them.
// They are sealed there under SECRETS_KEY (docs/decisions/
// 0091-webhooks-public-addresses-and-secrets-at-rest.md): a dump of the database alone signs no
// token and no session cookie.
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client';
import { appSecretPurpose } from '../../platform/secrets/reseal';
import { open, seal, type SecretKeys } from '../../platform/secrets/sealed-secrets';

export interface ProviderSecrets {
  /** Private signing keys (RS256), newest first. */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function loadOrCreate<T>(
  db: Db,
  keys: SecretKeys,
  name: string,
  create: () => Promise<T>,
): Promise<T> {
  const read = () =>
    db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const opened = (row: { value: object }) =>
    JSON.parse(open(keys, (row.value as { sealed: string }).sealed, appSecretPurpose(name))) as T;
  const existing = await read();
  if (existing) return opened(existing);
  const value = await create();
  const sealed = seal(keys, JSON.stringify(value), appSecretPurpose(name));
  // Another instance may have raced us: keep whichever row landed first.
  await db
    .insertInto('app_secrets')
    .values({ name, value: JSON.stringify({ sealed }) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`app_secrets: ${name} missing right after its insert`);
  return opened(stored);
}

/** A new signing key set (an RSA key pair: a few hundred milliseconds on the thread pool). */
export async function generateSigningKeys(): Promise<ProviderSecrets['jwks']> {
  const { privateKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] };
}

/**
 * The provider's secrets, created when the database has none. `newSigningKeys` is a key set
 * start-up.ts began generating while a new database was being migrated (first start);
 * it is used only if no key set is stored yet.
 */
export async function loadProviderSecrets(
  db: Db,
  keys: SecretKeys,
  newSigningKeys: () => Promise<ProviderSecrets['jwks']> = generateSigningKeys,
): Promise<ProviderSecrets> {
  const jwks = await loadOrCreate(db, keys, 'oidc.jwks', newSigningKeys);
  const cookieKeys = await loadOrCreate(db, keys, 'oidc.cookie-keys', async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks, cookieKeys };
}

/** The public half of the signing keys, for verifying access tokens without a network call. */
export function publicJwks(secrets: ProviderSecrets): { keys: JWK[] } {
  return {
    keys: secrets.jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}
