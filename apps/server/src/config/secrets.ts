// The key that seals the secrets the server reads back from its database (webhook signing
// secrets, the embedded provider's signing and cookie keys, the staff's TOTP secrets:
// docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md, docs/operations.md
// « Secrets at rest »). SECRETS_KEY is 32 random bytes in base64, required in production;
// SECRETS_KEY_PREVIOUS lists the keys it replaced, still read during a rotation. Without
// SECRETS_KEY, development uses a key generated into the data folder (platform/secrets/
// secret-keys.ts) and the tests a fixed key of their own, which protects nothing.
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const secretsEnv = {
  SECRETS_KEY: z.string().optional(),
  /** Keys replaced by SECRETS_KEY, separated by commas: read, never written. */
  SECRETS_KEY_PREVIOUS: z.string().optional(),
};

export interface SecretsConfig {
  secrets: {
    /** The key new secrets are sealed with; undefined: the data folder's (development). */
    key: Buffer | undefined;
    /** Keys secrets sealed earlier may still be under (a rotation in progress). */
    previousKeys: Buffer[];
  };
}

/** NODE_ENV=test without SECRETS_KEY: every test process agrees on it. Public: protects nothing. */
export const TEST_SECRETS_KEY = createHash('sha256').update('espace-assure test secrets').digest();

const HOW = '32 octets aléatoires en base64 (openssl rand -base64 32)';

function decodeKey(name: string, text: string, problems: string[]): Buffer | undefined {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, /[-_]/.test(trimmed) ? 'base64url' : 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) || key.length !== 32) {
    problems.push(`${name}: ${HOW} attendus`);
    return undefined;
  }
  return key;
}

export function secretsConfig(
  e: z.output<z.ZodObject<typeof secretsEnv>> & { NODE_ENV: string },
  problems: string[],
): SecretsConfig {
  const given = e.SECRETS_KEY ? decodeKey('SECRETS_KEY', e.SECRETS_KEY, problems) : undefined;
  const previousKeys = (e.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((item) => item.trim())
    .map((item) => decodeKey('SECRETS_KEY_PREVIOUS', item, problems))
    .filter((key): key is Buffer => key !== undefined && !(given && key.equals(given)));
  if (!e.SECRETS_KEY && e.NODE_ENV === 'production')
    problems.push(
      `SECRETS_KEY: requis en production, ${HOW} ; il chiffre les secrets que le serveur relit de sa base (docs/operations.md)`,
    );
  if (!e.SECRETS_KEY && previousKeys.length)
    problems.push('SECRETS_KEY_PREVIOUS: ne sert qu’avec SECRETS_KEY, la clé qui les remplace');
  const key = given ?? (e.NODE_ENV === 'test' && !e.SECRETS_KEY ? TEST_SECRETS_KEY : undefined);
  return { secrets: { key, previousKeys } };
}
