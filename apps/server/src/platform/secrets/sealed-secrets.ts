// Secrets the server reads back, sealed at rest (docs/decisions/
// 0091-webhooks-public-addresses-and-secrets-at-rest.md, docs/operations.md « Secrets at rest »).
// Enforces:
// - a sealed secret is `enc:v1:<key id>:<iv>:<ciphertext and tag>` (base64url): AES-256-GCM
//   under the current key, a fresh 96-bit IV each time, and the secret's purpose (which column
//   family it belongs to) as additional data, so a ciphertext moved to another purpose does not
//   open;
// - the key id (16 hex digits of a SHA-256 of the key) says which key opens it: the current key or
//   one of the previous ones (a rotation in progress); a secret under no known key, or altered,
//   is an error that names the key id, never a silent fallback;
// - the keys themselves never reach the database.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface SecretKeys {
  /** Seals every new secret. */
  current: SecretKey;
  /** Open what they sealed until it is sealed again under the current key. */
  previous: SecretKey[];
}

const PREFIX = 'enc:v1:';
const TAG_BYTES = 16;

function keyOf(key: Buffer): SecretKey {
  const id = createHash('sha256')
    .update('espace-assure secrets key id\0')
    .update(key)
    .digest('hex')
    .slice(0, 16);
  return { id, key };
}

export function secretKeys(current: Buffer, previous: Buffer[] = []): SecretKeys {
  return { current: keyOf(current), previous: previous.map(keyOf) };
}

/** A secret that cannot be opened: under an unknown key, altered, or not sealed at all. */
export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

export function seal(keys: SecretKeys, plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keys.current.id}:${iv.toString('base64url')}:${data.toString('base64url')}`;
}

/** The id of the key `sealed` is under, or undefined when it is not a sealed secret. */
export function sealedKeyId(sealed: string): string | undefined {
  return sealed.startsWith(PREFIX) ? sealed.slice(PREFIX.length).split(':')[0] : undefined;
}

export function open(keys: SecretKeys, sealed: string, purpose: string): string {
  const [id, iv, data, ...rest] = sealed.startsWith(PREFIX)
    ? sealed.slice(PREFIX.length).split(':')
    : [];
  if (!id || !iv || !data || rest.length)
    throw new SealedSecretError(`a ${purpose} secret is not sealed`);
  const key = [keys.current, ...keys.previous].find((k) => k.id === id);
  if (!key)
    throw new SealedSecretError(
      `a ${purpose} secret is sealed under key ${id}, which is neither SECRETS_KEY (${keys.current.id}) nor in SECRETS_KEY_PREVIOUS`,
    );
  const bytes = Buffer.from(data, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES));
    return Buffer.concat([plain, decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError(`a ${purpose} secret under key ${id} does not open: altered`);
  }
}
