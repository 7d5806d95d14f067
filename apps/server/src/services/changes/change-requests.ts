// What every contract-change request shares (docs/product/requests.md /addDriver, /removeDriver, /changeVehicle,
// /changePaymentDetails). Enforces: a request names a policy of the caller's account (else
// NotFoundError, docs/decisions/0010-scoped-by-the-token.md) that is not terminated (docs/product/requests.md, else
// ConflictError); each accepted request is one row of `change_requests` with status 'received',
// written in one transaction with the request's own checks and any change the portal applies
// itself, so a refused or failed request leaves nothing behind. The broker's back office reads
// these rows; drivers and vehicle stay requests until it confirms them. The same request still
// being handled is refused with its reference (services/requests/duplicates.ts); an accepted one
// answers its own reference (docs/decisions/0046-request-reference-on-success.md).
import { randomUUID } from 'node:crypto';
import { CHANGE_MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import type { ChangeRequests } from '../../db/types';
import { ConflictError } from '../errors';
import { recordRequestEvent } from '../events/record-event';
import { requireOwnPolicyNotTerminated } from '../policies/policies';
import { refuseDuplicateRequest, requestReference } from '../requests/duplicates';

export type ChangeRequestType = ChangeRequests['type'];

export interface ChangeRequest {
  type: ChangeRequestType;
  accountId: string;
  policyNumber: string;
  payload: Record<string, unknown>;
}

/**
 * Runs `work` in one transaction once the policy is known to be the caller's and changeable;
 * whatever `work` throws rolls the whole request back.
 */
export async function inChangeTransaction<T>(
  db: Db,
  accountId: string,
  policyNumber: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await requireOwnPolicyNotTerminated(
      trx,
      accountId,
      policyNumber,
      () => new ConflictError(CHANGE_MESSAGES.api.policyTerminated),
    );
    return work(trx);
  });
}

/** Records `request` in the caller's transaction `db`; answers its reference. */
export async function recordChangeRequest(db: Db, request: ChangeRequest): Promise<string> {
  await refuseDuplicateRequest(db, {
    accountId: request.accountId,
    kind: request.type,
    policyNumber: request.policyNumber,
    payload: request.payload,
  });
  const id = randomUUID();
  await db
    .insertInto('change_requests')
    .values({
      id,
      type: request.type,
      account_id: request.accountId,
      policy_number: request.policyNumber,
      payload: JSON.stringify(request.payload),
    })
    .execute();
  await recordRequestEvent(db, `change:${id}`);
  return requestReference(db, `change:${id}`);
}
