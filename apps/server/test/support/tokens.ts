// Forged and tampered tokens for the authentication tests: signed by the provider's real key
// with wrong claims, by another key, with `alg: none` or an HMAC algorithm.
import { generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { TEST_SECRETS_KEY } from '../../src/config/secrets';
import type { Db } from '../../src/db/client';
import { appSecretPurpose } from '../../src/platform/secrets/reseal';
import { open, secretKeys } from '../../src/platform/secrets/sealed-secrets';

/** The provider's signing key, opened with the tests' key (it is sealed in the database). */
export async function providerSigningKey(db: Db) {
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'oidc.jwks')
    .executeTakeFirstOrThrow();
  const sealed = (row.value as { sealed: string }).sealed;
  const jwks = open(secretKeys(TEST_SECRETS_KEY), sealed, appSecretPurpose('oidc.jwks'));
  const jwk = (JSON.parse(jwks) as { keys: JWK[] }).keys[0]!;
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid! };
}

export interface Claims extends JWTPayload {
  sub: string;
}

export async function signWithProviderKey(
  db: Db,
  claims: Claims,
  expiresIn: string | number = '5m',
) {
  const { key, kid } = await providerSigningKey(db);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

export async function signWithOtherKey(claims: Claims, kid?: string) {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

export function unsignedToken(claims: Claims): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ iat: now, exp: now + 300, ...claims })}.`;
}

export async function hmacToken(claims: Claims, secret: string) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));
}
