// The parts of a contract that live in their own tables, written as the record lists them
// (contracts.ts): the garage address, the vehicle and its coverages, the drivers, the payment
// details and the claims. Enforces: a driver the record still lists keeps their id (change
// requests name drivers by id); a garage address equal to one the customer already has is
// shared rather than copied (several contracts may be kept in one garage). A contract new to
// the database (`fresh`: no policy row before this write, so no part either) skips the reads
// and deletes of the parts it would replace: a new contract is written in a few multi-row
// inserts (the bulk import's speed, docs/decisions/0076-bulk-import.md « Performance »).
import { randomUUID } from 'node:crypto';
import type { ContractRecord } from '@espace/contract';
import type { Db } from '../../db/client';

// The columns of each part, shared with the bulk import's set-based batches (services/import/
// set-contracts.ts), so that both ways write the same rows.
export const garageColumns = (garage: NonNullable<ContractRecord['garageAddress']>) => ({
  street: garage.street,
  complement: garage.complement,
  zip: garage.zip,
  city: garage.city,
  country: garage.country,
});

export const vehicleColumns = (record: ContractRecord) => ({
  license_plate: record.vehicle.licensePlate,
  manufacturer: record.vehicle.manufacturer,
  model: record.vehicle.model,
  guarantee_formula: record.formula,
});

export const coverageRows = (riskId: number, coverages: ContractRecord['coverages']) =>
  coverages.map((c, position) => ({
    risk_id: riskId,
    position,
    type: c.type,
    description: c.description,
    franchise: c.franchise,
  }));

export const driverRow = (
  id: string,
  policyNumber: string,
  d: ContractRecord['drivers'][number],
) => ({
  id,
  policy_number: policyNumber,
  salutation: d.salutation,
  first_name: d.firstName,
  last_name: d.lastName,
  birth_date: d.birthDate,
  principal: d.principal,
  crm: d.crm,
  licence_number: d.licenceNumber,
  licence_date: d.licenceDate,
});

export const paymentColumns = (payment: NonNullable<ContractRecord['paymentDetails']>) => ({
  payment_method: payment.paymentMethod,
  owner_name: payment.ownerName,
  bic: payment.bic,
  iban: payment.iban,
});

export const claimRow = (policyNumber: string, c: ContractRecord['claims'][number]) => ({
  id: randomUUID(),
  policy_number: policyNumber,
  occurred_on: c.occurredOn,
  nature: c.nature,
  responsibility: c.responsibility,
  driver_name: c.driverName,
});

/** The garage address row the contract points at after the write (or null). */
export async function writeGarage(
  trx: Db,
  accountId: string,
  currentId: string | null,
  garage: ContractRecord['garageAddress'],
): Promise<string | null> {
  if (!garage) return null;
  const values = garageColumns(garage);
  const same = await trx
    .selectFrom('garage_addresses')
    .select('id')
    .where('account_id', '=', accountId)
    .where('street', '=', values.street)
    .where('zip', '=', values.zip)
    .where('city', '=', values.city)
    .where('country', '=', values.country)
    .where((eb) =>
      values.complement === null
        ? eb('complement', 'is', null)
        : eb('complement', '=', values.complement),
    )
    .orderBy('id')
    .executeTakeFirst();
  if (same) return same.id;
  if (currentId) {
    const sharers = await trx
      .selectFrom('policies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('garage_address_id', '=', currentId)
      .executeTakeFirstOrThrow();
    const own = await trx
      .selectFrom('garage_addresses')
      .select('id')
      .where('id', '=', currentId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (own && Number(sharers.n) <= 1) {
      await trx.updateTable('garage_addresses').set(values).where('id', '=', currentId).execute();
      return currentId;
    }
  }
  const id = randomUUID();
  await trx
    .insertInto('garage_addresses')
    .values({ id, account_id: accountId, ...values })
    .execute();
  return id;
}

/** The vehicle (the contract's one risk) and its coverages, in the record's order. */
export async function writeVehicle(
  trx: Db,
  policyNumber: string,
  record: ContractRecord,
  fresh: boolean,
) {
  const vehicle = vehicleColumns(record);
  if (!fresh)
    await trx
      .deleteFrom('risks')
      .where('policy_number', '=', policyNumber)
      .where('position', '>', 0)
      .execute();
  const existing = fresh
    ? undefined
    : await trx
        .selectFrom('risks')
        .select('id')
        .where('policy_number', '=', policyNumber)
        .executeTakeFirst();
  const riskId = existing
    ? (await trx.updateTable('risks').set(vehicle).where('id', '=', existing.id).execute(),
      existing.id)
    : (
        await trx
          .insertInto('risks')
          .values({ policy_number: policyNumber, position: 0, ...vehicle })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  if (existing) await trx.deleteFrom('guarantees').where('risk_id', '=', riskId).execute();
  await trx.insertInto('guarantees').values(coverageRows(riskId, record.coverages)).execute();
}

const driverKey = (d: { first_name: string; last_name: string; birth_date: string }) =>
  `${d.first_name.toLowerCase()}|${d.last_name.toLowerCase()}|${d.birth_date}`;

/** The drivers the record lists; one still listed (same name and birth date) keeps its id. */
export async function writeDrivers(
  trx: Db,
  policyNumber: string,
  drivers: ContractRecord['drivers'],
  fresh: boolean,
) {
  const existing = fresh
    ? []
    : await trx
        .selectFrom('drivers')
        .select([
          'id',
          'first_name',
          'last_name',
          (eb) => eb.cast<string>('birth_date', 'text').as('birth_date'),
        ])
        .where('policy_number', '=', policyNumber)
        .execute();
  const ids = new Map(existing.map((d) => [driverKey(d), d.id]));
  const rows = drivers.map((d) => {
    const key = driverKey({
      first_name: d.firstName,
      last_name: d.lastName,
      birth_date: d.birthDate,
    });
    const id = ids.get(key) ?? randomUUID();
    ids.delete(key);
    return driverRow(id, policyNumber, d);
  });
  if (ids.size)
    await trx
      .deleteFrom('drivers')
      .where('id', 'in', [...ids.values()])
      .execute();
  await trx
    .insertInto('drivers')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        salutation: eb.ref('excluded.salutation'),
        first_name: eb.ref('excluded.first_name'),
        last_name: eb.ref('excluded.last_name'),
        birth_date: eb.ref('excluded.birth_date'),
        principal: eb.ref('excluded.principal'),
        crm: eb.ref('excluded.crm'),
        licence_number: eb.ref('excluded.licence_number'),
        licence_date: eb.ref('excluded.licence_date'),
      })),
    )
    .execute();
}

/** The payment details (kept under their id) and the claims history, as listed. */
export async function writePaymentAndClaims(
  trx: Db,
  policyNumber: string,
  record: ContractRecord,
  fresh: boolean,
) {
  const payment = record.paymentDetails;
  if (!payment) {
    if (!fresh)
      await trx.deleteFrom('payment_details').where('policy_number', '=', policyNumber).execute();
  } else {
    const values = paymentColumns(payment);
    await trx
      .insertInto('payment_details')
      .values({ id: randomUUID(), policy_number: policyNumber, ...values })
      .onConflict((oc) => oc.column('policy_number').doUpdateSet(values))
      .execute();
  }
  if (!fresh) await trx.deleteFrom('claims').where('policy_number', '=', policyNumber).execute();
  if (record.claims.length)
    await trx
      .insertInto('claims')
      .values(record.claims.map((c) => claimRow(policyNumber, c)))
      .execute();
}
