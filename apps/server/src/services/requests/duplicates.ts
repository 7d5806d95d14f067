// The same request sent twice while the first is still being handled (docs/decisions/
// 0045-duplicate-requests.md, docs/product/requests.md). Enforces, inside the write's own
// transaction and before it writes anything:
// - one writer at a time per (account, kind, contract): a transaction-level advisory lock, held
//   until the transaction ends, so two identical submissions sent in parallel (two tabs, a
//   double click after a reload: different idempotency keys) cannot both pass the check;
// - a request of the same kind, for the same contract (or none), whose status is still open
//   (contract OPEN_REQUEST_STATUSES) and whose content is the same once normalised (keys in any
//   order, case, accents and runs of spaces ignored) is a DuplicateRequestError naming the first
//   one's reference; a closed (done, refused) request does not count, so asking again is possible;
// - the reference of a recorded request is read from the one view that defines it
//   (`customer_requests`), never computed a second time.
import { OPEN_REQUEST_STATUSES, type RequestKind } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { DuplicateRequestError } from '../errors';

export interface RequestIdentity {
  accountId: string;
  kind: RequestKind;
  /** The contract the request is about; null for one about the customer (contact, address). */
  policyNumber: string | null;
  /** What the customer asked, as it is stored. */
  payload: Record<string, unknown>;
}

/** A value as compared: objects with sorted keys, text without case, accents or extra spaces. */
export function normalizeContent(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/gu, ' ').trim().toLowerCase();
  }
  if (Array.isArray(value)) return value.map(normalizeContent);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => [key, normalizeContent((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const sameContent = (a: unknown, b: unknown) =>
  JSON.stringify(normalizeContent(a)) === JSON.stringify(normalizeContent(b));

/**
 * Refuses `request` when the same one is still being handled. Call it in the transaction that
 * records the request: the lock it takes is held until that transaction ends.
 */
export async function refuseDuplicateRequest(trx: Db, request: RequestIdentity): Promise<void> {
  const lockKey = [request.accountId, request.kind, request.policyNumber ?? ''].join('/');
  await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(trx);
  let open = trx
    .selectFrom('customer_requests')
    .select(['reference', 'payload'])
    .where('account_id', '=', request.accountId)
    .where('kind', '=', request.kind)
    .where('status', 'in', OPEN_REQUEST_STATUSES);
  open =
    request.policyNumber === null
      ? open.where('policy_number', 'is', null)
      : open.where('policy_number', '=', request.policyNumber);
  const rows = await open.orderBy('created_at').orderBy('id').execute();
  const first = rows.find((row) => sameContent(row.payload, request.payload));
  if (first) throw new DuplicateRequestError(first.reference);
}

/** The reference 'Mes demandes' shows for the request `<source>:<row id>` of the view. */
export async function requestReference(db: Db, viewId: string): Promise<string> {
  const row = await db
    .selectFrom('request_index')
    .select('reference')
    .where('id', '=', viewId)
    .executeTakeFirstOrThrow();
  return row.reference;
}
