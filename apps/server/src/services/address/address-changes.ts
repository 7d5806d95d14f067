// The two address changes (docs/product/addresses.md /changeAddress
// "Personal address change"). Enforces:
// - the address named by `id` is the one being changed: the account's own address, or the
//   policy's garage address (else NotFoundError 'Adresse introuvable.', docs/decisions/0010-scoped-by-the-token.md);
// - a policy named is the caller's (else NotFoundError 'Policy not found'); a garage change also
//   needs it not terminated (docs/product/addresses.md, else ConflictError);
// - street, city and country arrive upper-cased (contract addressChangeSchema, docs/product/addresses.md);
// - the personal address changes at once; a garage address is a request for the broker: one
//   `change_garage_address` row for the policy named, listing every policy of the same customer
//   that is not terminated and whose garage is the same address (contract sameAddress, as the
//   browser groups them);
// - a personal change names the policy whose garage address was the personal address (docs/product/addresses.md,
//   the 'Voulez vous continuer?' modal): when that is still so and the policy is not terminated,
//   the same garage request is recorded for it and the policies sharing that garage;
// - a personal change is also an outbox row for the back office ('Mes demandes' lists it);
// - the same change still being handled is refused with its reference, before anything is
//   written (services/requests/duplicates.ts); each change answers the reference of its request;
// - the complement (bâtiment, appartement…) is stored with the personal address, null when none,
//   and sent along in the garage request's payload
//   (docs/decisions/0044-address-truthfulness-and-complement.md);
// - everything a change writes is written in one transaction: a refusal leaves nothing behind.
import {
  ADDRESS_MESSAGES,
  OUTBOX_TYPES,
  isTerminated,
  sameAddress,
  type AddressChange,
  type PersonalAddressChange,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { inChangeTransaction, recordChangeRequest } from '../changes/change-requests';
import { NotFoundError } from '../errors';
import { recordRequestEvent } from '../events/record-event';
import { enqueue } from '../../platform/outbox/outbox';
import { requireOwnPolicy } from '../policies/policies';
import { refuseDuplicateRequest, requestReference } from '../requests/duplicates';

interface GarageRow {
  policy_number: string;
  state: string;
  customer_id: string;
  address_id: string;
  street: string;
  zip: string;
  city: string;
}

/** The caller's policies that have a garage address, with it. */
function garagesOf(db: Db, accountId: string): Promise<GarageRow[]> {
  return db
    .selectFrom('policies as p')
    .innerJoin('garage_addresses as ga', 'ga.id', 'p.garage_address_id')
    .select([
      'p.policy_number',
      'p.state',
      'p.customer_id',
      'ga.id as address_id',
      'ga.street',
      'ga.zip',
      'ga.city',
    ])
    .where('p.account_id', '=', accountId)
    .orderBy('p.policy_number')
    .execute();
}

/** Records one request for `named` covering every changeable policy at the same address. */
async function recordGarageChange(
  db: Db,
  accountId: string,
  named: GarageRow,
  garages: readonly GarageRow[],
  address: Omit<AddressChange, 'id'>,
  origin: 'garage' | 'personal',
): Promise<string> {
  const policyNumbers = garages
    .filter(
      (row) =>
        row.customer_id === named.customer_id && !isTerminated(row) && sameAddress(row, named),
    )
    .map((row) => row.policy_number);
  return recordChangeRequest(db, {
    type: 'change_garage_address',
    accountId,
    policyNumber: named.policy_number,
    payload: { addressId: named.address_id, address, policyNumbers, origin },
  });
}

/** PUT …/policy/accounts/{accountId}/address/{policyNumber}: the garage-address request. */
export async function requestGarageAddressChange(
  db: Db,
  accountId: string,
  policyNumber: string,
  { id, ...address }: AddressChange,
): Promise<string> {
  return inChangeTransaction(db, accountId, policyNumber, async (trx) => {
    const garages = await garagesOf(trx, accountId);
    const named = garages.find((row) => row.policy_number === policyNumber);
    if (named?.address_id !== id) throw new NotFoundError(ADDRESS_MESSAGES.api.addressNotFound);
    return recordGarageChange(trx, accountId, named, garages, address, 'garage');
  });
}

/** PUT …/account/accounts/{accountId}/address: the reference of the change's request. */
export async function changePersonalAddress(
  db: Db,
  accountId: string,
  { id, policyNumber, ...address }: PersonalAddressChange,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('account_addresses')
      .select(['id', 'line1', 'postal_code', 'city'])
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (current?.id !== id) throw new NotFoundError(ADDRESS_MESSAGES.api.addressNotFound);
    if (policyNumber) await requireOwnPolicy(trx, accountId, policyNumber);
    const payload = { address };
    await refuseDuplicateRequest(trx, {
      accountId,
      kind: 'personal_address',
      policyNumber: null,
      payload,
    });
    if (policyNumber) {
      const garages = await garagesOf(trx, accountId);
      const named = garages.find((row) => row.policy_number === policyNumber);
      const previous = { street: current.line1, zip: current.postal_code, city: current.city };
      if (named && !isTerminated(named) && sameAddress(named, previous)) {
        await recordGarageChange(trx, accountId, named, garages, address, 'personal');
      }
    }
    await trx
      .updateTable('account_addresses')
      .set({
        line1: address.street,
        postal_code: address.zip,
        city: address.city,
        country: address.country,
        complement: address.complement || null,
      })
      .where('id', '=', current.id)
      .execute();
    // The broker's records follow, and 'Mes demandes' lists the change.
    const outboxId = await enqueue(trx, { type: OUTBOX_TYPES.personalAddress, accountId, payload });
    await recordRequestEvent(trx, `outbox:${outboxId}`);
    return requestReference(trx, `outbox:${outboxId}`);
  });
}
