// Adding and removing a driver (docs/product/changes.md /addDriver, /removeDriver). Enforces, on top of
// change-requests.ts: a driver to add is not already on the policy (ConflictError); a driver to
// remove is on it (NotFoundError) and is not its principal driver, whose removal is a new
// contract rather than a change (ConflictError). A driver is found by names, ignoring case,
// accents and surrounding spaces, and birth date: the customer types them, so 'ines martin'
// names 'Inès Martin'. Neither request touches `drivers`: the broker confirms first.
import { CHANGE_MESSAGES, type DriverRef, type NewDriver } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { inChangeTransaction, recordChangeRequest } from './change-requests';

type DriverIdentity = Pick<DriverRef, 'firstName' | 'lastName' | 'birthDate'>;

async function findPolicyDriver(db: Db, policyNumber: string, driver: DriverIdentity) {
  const same = (column: 'first_name' | 'last_name', value: string) =>
    sql<boolean>`lower(unaccent(${sql.ref(column)})) = lower(unaccent(${value.trim()}))`;
  return db
    .selectFrom('drivers')
    .select(['id', 'principal'])
    .where('policy_number', '=', policyNumber)
    .where(same('first_name', driver.firstName))
    .where(same('last_name', driver.lastName))
    .where('birth_date', '=', (eb) => eb.cast<Date>(eb.val(driver.birthDate), 'date'))
    .executeTakeFirst();
}

export async function requestAddDriver(
  db: Db,
  accountId: string,
  policyNumber: string,
  driver: NewDriver,
): Promise<string> {
  return inChangeTransaction(db, accountId, policyNumber, async (trx) => {
    if (await findPolicyDriver(trx, policyNumber, driver)) {
      throw new ConflictError(CHANGE_MESSAGES.api.driverAlreadyOnPolicy);
    }
    return recordChangeRequest(trx, {
      type: 'add_driver',
      accountId,
      policyNumber,
      payload: driver,
    });
  });
}

export async function requestRemoveDriver(
  db: Db,
  accountId: string,
  policyNumber: string,
  driver: DriverRef,
): Promise<string> {
  return inChangeTransaction(db, accountId, policyNumber, async (trx) => {
    const found = await findPolicyDriver(trx, policyNumber, driver);
    // The refusal names the field to check (shown under it, beside the banner).
    if (!found) {
      const message = CHANGE_MESSAGES.api.driverNotOnPolicy;
      throw new NotFoundError(message, { lastName: message });
    }
    if (found.principal) {
      const message = CHANGE_MESSAGES.api.principalDriver;
      throw new ConflictError(message, { lastName: message });
    }
    return recordChangeRequest(trx, {
      type: 'remove_driver',
      accountId,
      policyNumber,
      payload: { ...driver, driverId: found.id },
    });
  });
}
