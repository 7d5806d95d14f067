// Contract-change requests (SPEC §2 /addDriver, /removeDriver, /changeVehicle,
// /changePaymentDetails) and the checks they share.
//
// Enforces: a request names a policy of the caller's account (else 404, ARCHITECTURE.md
// decision 2) that is not terminated (SPEC §4, else 409); each accepted request is one row of
// `change_requests` with status 'received', written in the caller's transaction together with
// any change the portal applies itself, so a refused or failed request leaves nothing behind.
// Drivers and vehicle stay requests until the broker confirms; payment details change at once.
import { randomUUID } from 'node:crypto';
import {
  CHANGE_MESSAGES,
  ERROR_CODES,
  isTerminated,
  MESSAGES,
  type DriverRef,
  type PaymentDetails,
  type PaymentDetailsUpdate,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../db/client';
import type { ChangeRequestsTable } from '../db/types';
import { ApiError, NotFoundError } from '../plugins/errors';
import { findOwnPolicy } from './policies';

export type ChangeRequestType = ChangeRequestsTable['type'];

export class ConflictError extends ApiError {
  constructor(message: string) {
    super(409, ERROR_CODES.conflict, message);
    this.name = 'ConflictError';
  }
}

/** The caller's policy when it may still change; 404 outside the account, 409 when terminated. */
export async function requireChangeablePolicy(db: Db, accountId: string, policyNumber: string) {
  const policy = await findOwnPolicy(db, accountId, policyNumber);
  if (!policy) throw new NotFoundError(MESSAGES.api.policyNotFound);
  if (isTerminated(policy)) throw new ConflictError(CHANGE_MESSAGES.api.policyTerminated);
  return policy;
}

export interface ChangeRequest {
  type: ChangeRequestType;
  accountId: string;
  policyNumber: string;
  payload: Record<string, unknown>;
}

export async function recordChangeRequest(db: Db, request: ChangeRequest): Promise<string> {
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
  return id;
}

/**
 * The policy's driver with these names (case and accents ignored, spaces trimmed) and birth
 * date: the customer types them, so 'ines martin' names 'Inès Martin'.
 */
export async function findPolicyDriver(
  db: Db,
  policyNumber: string,
  driver: Pick<DriverRef, 'firstName' | 'lastName' | 'birthDate'>,
) {
  const same = (column: 'first_name' | 'last_name', value: string) =>
    sql<boolean>`lower(unaccent(${sql.ref(column)})) = lower(unaccent(${value.trim()}))`;
  return db
    .selectFrom('drivers')
    .select(['id', 'principal'])
    .where('policy_number', '=', policyNumber)
    .where(same('first_name', driver.firstName))
    .where(same('last_name', driver.lastName))
    .where('birth_date', '=', driver.birthDate)
    .executeTakeFirst();
}

/**
 * SPEC §3 "Payment details update": the IBAN always, the owner only when the holder changes.
 * The BIC belongs to the old bank; it is cleared until the broker confirms the new one.
 */
export async function updatePaymentDetails(
  db: Db,
  policyNumber: string,
  update: PaymentDetailsUpdate,
): Promise<PaymentDetails> {
  const current = await db
    .selectFrom('payment_details')
    .selectAll()
    .where('policy_number', '=', policyNumber)
    .where('id', '=', update.id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw new NotFoundError(CHANGE_MESSAGES.api.noPaymentDetails);
  const { iban, ownerName, changeHolder } = update.bankAccount;
  const row = await db
    .updateTable('payment_details')
    .set({
      iban,
      bic: iban === current.iban ? current.bic : '',
      owner_name: changeHolder ? ownerName : current.owner_name,
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    paymentMethod: row.payment_method,
    bankAccount: { ownerName: row.owner_name, bic: row.bic, iban: row.iban },
  };
}
