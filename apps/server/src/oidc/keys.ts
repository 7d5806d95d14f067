// Signing keys and cookie keys of the embedded provider: generated on first start and kept in
// the database (never in the repository), so every instance and every restart shares them.
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';

export interface ProviderSecrets {
  /** Private signing keys (RS256), newest first. */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function loadOrCreate<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  // Another instance may have raced us: keep whichever row landed first.
  await db
    .insertInto('app_secrets')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value as T;
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
  newSigningKeys: () => Promise<ProviderSecrets['jwks']> = generateSigningKeys,
): Promise<ProviderSecrets> {
  const jwks = await loadOrCreate(db, 'oidc.jwks', newSigningKeys);
  const cookieKeys = await loadOrCreate(db, 'oidc.cookie-keys', async () => [
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
