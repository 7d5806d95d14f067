// Idempotent writes. It enforces: one answer per account, method, path and key for
// IDEMPOTENCY_RETENTION_HOURS; the first request with a key claims it (an insert that only one of
// two concurrent requests wins, the primary key deciding), its answer is stored when it is sent
// (5xx answers are released, so a retry may succeed); a repeat gets the stored answer, and a
// repeat while the first is still being handled waits for it; a claim left without an answer
// (a process that stopped mid-request) is taken over after STALE_CLAIM_SECONDS. The same key
// sent with another query or body (`fingerprint`) is 'reused', never replayed
// (docs/decisions/0055-idempotency-fingerprint.md).
import { IDEMPOTENCY_RETENTION_HOURS } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';

export const STALE_CLAIM_SECONDS = 60;

export interface IdempotencyScope {
  accountId: string;
  method: string;
  path: string;
  key: string;
  /** SHA-256 of the request's query and parsed body; null when not comparable (a stream). */
  fingerprint: string | null;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'answered'; answer: StoredAnswer }
  | { kind: 'busy' }
  | { kind: 'reused' };

const where = (scope: IdempotencyScope) =>
  sql<boolean>`account_id = ${scope.accountId} and method = ${scope.method} and path = ${scope.path} and key = ${scope.key}`;

/** Claims the key for this request, or returns the answer already given (or 'busy'). */
export async function claimIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<Claim> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      account_id: scope.accountId,
      method: scope.method,
      path: scope.path,
      key: scope.key,
      body_sha256: scope.fingerprint,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed' };
  // A claim without an answer for too long: its request died; take it over.
  const takenOver = await db
    .updateTable('idempotency_keys')
    .set({ created_at: sql`now()`, body_sha256: scope.fingerprint })
    .where(where(scope))
    .where('status', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`)
    .returning('key')
    .executeTakeFirst();
  if (takenOver) return { kind: 'claimed' };
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['status', 'content_type', 'body', 'body_sha256'])
    .where(where(scope))
    .executeTakeFirst();
  // Released between the two statements (a 5xx): the caller may try again.
  if (!row) return claimIdempotencyKey(db, scope);
  if (
    row.body_sha256 !== null &&
    scope.fingerprint !== null &&
    row.body_sha256 !== scope.fingerprint
  )
    return { kind: 'reused' };
  if (row.status === null) return { kind: 'busy' };
  return {
    kind: 'answered',
    answer: { status: row.status, contentType: row.content_type, body: row.body },
  };
}

/** Waits for the request that holds the key to answer (polling), up to `timeoutMs`. */
export async function awaitIdempotentAnswer(
  db: Db,
  scope: IdempotencyScope,
  timeoutMs: number,
): Promise<Claim> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const claim = await claimIdempotencyKey(db, scope);
    if (claim.kind !== 'busy' || Date.now() > until) return claim;
  }
}

/** Stores the answer of the request that claimed the key. */
export async function storeIdempotentAnswer(
  db: Db,
  scope: IdempotencyScope,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
    .where(where(scope))
    .execute();
}

/** Gives the key up (a 5xx, or an answer that cannot be kept): a retry is handled afresh. */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db.deleteFrom('idempotency_keys').where(where(scope)).execute();
}

/** Deletes the answers older than twice the retention (so each is kept at least 24 h). */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where(
      'created_at',
      '<',
      sql<Date>`now() - make_interval(hours => ${2 * IDEMPOTENCY_RETENTION_HOURS})`,
    )
    .execute();
}
