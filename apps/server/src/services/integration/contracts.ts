// Contracts written by the broker's systems (PUT/GET/DELETE /backoffice/v1/contracts/{n},
// docs/integration.md), keyed by the broker's contract number (policies.policy_number). The
// whole contract is sent each time and replaces what was stored (contract-parts.ts).
// Enforces: the customer the contract names exists (422 naming customerNumber otherwise); the
// record's versioning and idempotence (records.ts); removing a contract removes its documents,
// their stored files after the commit, and the versions of its documents.
import {
  INTEGRATION_MESSAGES as M,
  type ContractRead,
  type ContractRecord,
  type WriteResult,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { DocumentStorage } from '../../platform/storage/storage';
import { NotFoundError, UnprocessableRecordError } from '../errors';
import { writeDrivers, writeGarage, writePaymentAndClaims, writeVehicle } from './contract-parts';
import {
  forgetContractDocuments,
  recordSha256,
  recordVersion,
  removeRecord,
  writeRecord,
  type IfMatch,
} from './records';

/** The `policies` columns a contract record sets (shared with the bulk import's batches). */
export const policyColumns = (
  accountId: string,
  record: ContractRecord,
  garageId: string | null,
) => ({
  account_id: accountId,
  customer_id: record.customerNumber,
  state: record.state,
  premium_a: record.premium,
  start_date: record.startDate,
  end_date: record.endDate,
  end_reason: record.endReason,
  garage_address_id: garageId,
});

export function upsertContract(
  db: Db,
  contractNumber: string,
  record: ContractRecord,
  ifMatch?: IfMatch,
): Promise<WriteResult> {
  const target = { kind: 'contract' as const, key: contractNumber, ifMatch };
  return writeRecord(db, { ...target, sha256: recordSha256(record) }, async (trx) => {
    // The customer and, locked, the contract as stored: one statement.
    const found = await trx
      .selectFrom('accounts as a')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('policies')
            .select(['policy_number', 'garage_address_id'])
            .where('policy_number', '=', contractNumber)
            .forUpdate()
            .as('p'),
        (join) => join.onTrue(),
      )
      .select(['a.id', 'p.policy_number', 'p.garage_address_id'])
      .where('a.customer_id', '=', record.customerNumber)
      .executeTakeFirst();
    if (!found)
      throw new UnprocessableRecordError(M.unprocessable, { customerNumber: M.unknownCustomer });
    const current = found.policy_number === null ? undefined : found;
    const garageId = await writeGarage(
      trx,
      found.id,
      current?.garage_address_id ?? null,
      record.garageAddress,
    );
    const policy = policyColumns(found.id, record, garageId);
    await trx
      .insertInto('policies')
      .values({ policy_number: contractNumber, ...policy })
      .onConflict((oc) => oc.column('policy_number').doUpdateSet(policy))
      .execute();
    // No policy row before this write: none of its parts either (foreign keys).
    const fresh = !current;
    await writeVehicle(trx, contractNumber, record, fresh);
    await writeDrivers(trx, contractNumber, record.drivers, fresh);
    await writePaymentAndClaims(trx, contractNumber, record, fresh);
  });
}

const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
/** The day of a column that always has one. */
const someDay = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * The contract as stored, in the record's shape, with its version; NotFoundError otherwise. Every
 * contract has its vehicle, the first risk (a PUT always writes it; the portal's policies read
 * counts on it too).
 */
export async function readContract(db: Db, contractNumber: string): Promise<ContractRead> {
  const policy = await db
    .selectFrom('policies as p')
    .innerJoin('risks as r', (j) =>
      j.onRef('r.policy_number', '=', 'p.policy_number').on('r.position', '=', 0),
    )
    .leftJoin('payment_details as pd', 'pd.policy_number', 'p.policy_number')
    .leftJoin('garage_addresses as g', 'g.id', 'p.garage_address_id')
    .select([
      'p.customer_id',
      'p.state',
      sql<number>`p.premium_a::float8`.as('premium'),
      someDay('p.start_date').as('start_date'),
      day('p.end_date').as('end_date'),
      'p.end_reason',
      'r.id as risk_id',
      'r.license_plate',
      'r.manufacturer',
      'r.model',
      'r.guarantee_formula',
      'pd.payment_method',
      'pd.owner_name',
      'pd.bic',
      'pd.iban',
      'g.street',
      'g.complement',
      'g.zip',
      'g.city',
      'g.country',
    ])
    .where('p.policy_number', '=', contractNumber)
    .executeTakeFirst();
  if (!policy) throw new NotFoundError(M.notFound);
  const [coverages, drivers, claims] = await Promise.all([
    db
      .selectFrom('guarantees')
      .select(['type', 'description', sql<number>`franchise::float8`.as('franchise')])
      .where('risk_id', '=', policy.risk_id ?? -1)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('drivers')
      .select([
        'salutation',
        'first_name',
        'last_name',
        someDay('birth_date').as('birth_date'),
        'principal',
        sql<number>`crm::float8`.as('crm'),
        'licence_number',
        day('licence_date').as('licence_date'),
      ])
      .where('policy_number', '=', contractNumber)
      .orderBy('principal', 'desc')
      .orderBy('last_name')
      .orderBy('first_name')
      .execute(),
    db
      .selectFrom('claims')
      .select([someDay('occurred_on').as('occurred_on'), 'nature', 'responsibility', 'driver_name'])
      .where('policy_number', '=', contractNumber)
      .orderBy('occurred_on', 'desc')
      .execute(),
  ]);
  return {
    contractNumber,
    version: (await recordVersion(db, 'contract', contractNumber)) ?? 0,
    customerNumber: policy.customer_id,
    state: policy.state,
    formula: policy.guarantee_formula,
    premium: policy.premium,
    startDate: policy.start_date,
    endDate: policy.end_date,
    endReason: policy.end_reason,
    vehicle: {
      licensePlate: policy.license_plate,
      manufacturer: policy.manufacturer,
      model: policy.model,
    },
    drivers: drivers.map((d) => ({
      salutation: d.salutation,
      firstName: d.first_name,
      lastName: d.last_name,
      birthDate: d.birth_date,
      principal: d.principal,
      crm: d.crm,
      licenceNumber: d.licence_number,
      licenceDate: d.licence_date,
    })),
    coverages,
    // A row of payment details, or of garage addresses, has every column.
    paymentDetails: policy.payment_method
      ? {
          paymentMethod: policy.payment_method,
          ownerName: policy.owner_name!,
          bic: policy.bic!,
          iban: policy.iban!,
        }
      : null,
    garageAddress: policy.street
      ? {
          street: policy.street,
          complement: policy.complement,
          zip: policy.zip!,
          city: policy.city!,
          country: policy.country!,
        }
      : null,
    claims: claims.map((c) => ({
      occurredOn: c.occurred_on,
      nature: c.nature,
      responsibility: c.responsibility,
      driverName: c.driver_name,
    })),
  };
}

/**
 * Removes a contract withdrawn by the broker, with everything the portal kept for it
 * (documents, files the customer sent, requests). A contract that ended stays: send its
 * state (« Résilié ») instead.
 */
export async function removeContract(
  deps: { db: Db; storage: DocumentStorage },
  contractNumber: string,
  ifMatch?: IfMatch,
): Promise<void> {
  const keys: string[] = [];
  await removeRecord(deps.db, { kind: 'contract', key: contractNumber, ifMatch }, async (trx) => {
    const stored = await sql<{ storage_key: string }>`
      select storage_key from downloadable_documents where policy_number = ${contractNumber}
      union all select storage_key from received_files where policy_number = ${contractNumber}
      union all select f.storage_key from termination_files f
        join termination_requests t on t.id = f.termination_request_id
        where t.policy_number = ${contractNumber}`.execute(trx);
    keys.push(...stored.rows.map((r) => r.storage_key));
    const removed = await trx
      .deleteFrom('policies')
      .where('policy_number', '=', contractNumber)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw new NotFoundError(M.notFound);
    await forgetContractDocuments(trx, contractNumber);
  });
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
}
