// The throttle of the provider's token endpoint (docs/decisions/0094-integration-clients-under-
// attack.md), as the sign-in form's (docs/decisions/0014-sign-in-throttle.md) for passwords.
// Its limits are the token* tiers of platform/rate-limits/tiers.ts. Enforces:
// - every client secret sent is counted before the provider looks at it, under each key in order
//   by one statement on the database (`login_throttle`, platform/rate-limits/attempt-counter.ts,
//   the sign-in throttle's counting), so parallel attempts on any number of instances get
//   distinct counts; past a key's limit in its fixed window the attempt is refused (429, with the
//   seconds left in that window), the keys after it are not counted and no client is looked up;
// - the keys: the source address (any client id, known or not), then the client id at that
//   address; a right secret is taken back from both, so only wrong ones fill a window;
// - no count is kept per client id alone: anyone can send a client id (it travels in every
//   Authorization header), and its owner, from another address, must keep getting tokens; the
//   secrets are 32 random bytes, which no number of guesses finds.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { claimKeys, takeBack } from '../../platform/rate-limits/attempt-counter';
import { RATE_LIMITS } from '../../platform/rate-limits/tiers';

/** A client id longer than this is counted under its SHA-256 (a key stays a short text). */
const CLIENT_ID_KEPT = 128;

export interface ClientAuthentication {
  /** The client id of the Authorization header (client_secret_basic). */
  clientId: string;
  /** The client's address as the server sees it (request.ip, behind TRUST_PROXY when set). */
  address: string;
}

export type TokenClaim =
  /** Counted: the keys to take back if the secret is right. */
  | { keys: string[] }
  /** Refused: seconds until the full key's window ends. */
  | { retryAfterSeconds: number };

const clientKey = ({ clientId, address }: ClientAuthentication) =>
  `token-client:${
    clientId.length > CLIENT_ID_KEPT
      ? createHash('sha256').update(clientId).digest('hex')
      : clientId
  }@${address}`;

/** Counts a client authentication: its keys, or how long to wait when it must be refused. */
export async function claimClientAuthentication(
  db: Db,
  attempt: ClientAuthentication,
  now = new Date(),
): Promise<TokenClaim> {
  const keys = [
    [`token-address:${attempt.address}`, RATE_LIMITS.tokenAddress],
    [clientKey(attempt), RATE_LIMITS.tokenClient],
  ] as const;
  const claim = await claimKeys(db, 'login_throttle', keys, now);
  return claim === 'ok'
    ? { keys: keys.map(([key]) => key) }
    : { retryAfterSeconds: claim.retryAfterSeconds };
}

/** The secret was right: the attempt is taken back from its counts. */
export async function clientAuthenticationSucceeded(db: Db, keys: string[]): Promise<void> {
  await takeBack(db, 'login_throttle', keys);
}
