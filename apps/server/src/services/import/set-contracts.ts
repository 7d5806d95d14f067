// The contracts of a set-based import batch that changed (docs/decisions/0076-bulk-import.md
// « Performance »), with the columns and rules of services/integration/contracts.ts and
// contract-parts.ts. A contract new to the database is written with its parts in one
// multi-row statement per table (the 100,000 contracts of a first import); one that exists
// already (an update: drivers keep their ids, a garage may be shared) is left to the
// integration service, one record at a time (`existing`). Enforces: a contract naming an
// unknown customer is refused, naming `customerNumber`; a garage address equal to one of the
// customer's (or to another new contract's of the batch) is shared, the first by id, as
// writeGarage does; an update and a new contract of one customer in a batch go per line
// (NeedsPerLine), as the garage they may share depends on their order.
import { randomUUID } from 'node:crypto';
import { INTEGRATION_MESSAGES as M, type ContractRecord } from '@espace/contract';
import type { Db } from '../../db/client';
import { UnprocessableRecordError } from '../errors';
import {
  claimRow,
  coverageRows,
  driverRow,
  garageColumns,
  paymentColumns,
  vehicleColumns,
} from '../integration/contract-parts';
import { policyColumns } from '../integration/contracts';
import { domainRefusals, type Refusal } from './import-line';
import { NeedsPerLine } from './set-customers';

export interface ContractLine {
  line: number;
  contractNumber: string;
  record: ContractRecord;
}

export interface ContractsWritten {
  refused: Map<number, Refusal[]>;
  /** Contracts already in the database: for the integration service. */
  existing: ContractLine[];
}

type Garage = NonNullable<ContractRecord['garageAddress']>;
const garageKey = (accountId: string, g: Garage | ReturnType<typeof garageColumns>) =>
  JSON.stringify([accountId, g.street, g.complement, g.zip, g.city, g.country]);

/** The garage address row of each new contract (shared or new), inserting the new ones. */
async function writeGarages(
  trx: Db,
  fresh: readonly (ContractLine & { accountId: string })[],
): Promise<Map<string, string | null>> {
  const garageOf = new Map<string, string | null>();
  const withGarage = fresh.filter((c) => c.record.garageAddress);
  if (!withGarage.length) return garageOf;
  const rows = await trx
    .selectFrom('garage_addresses')
    .select(['id', 'account_id', 'street', 'complement', 'zip', 'city', 'country'])
    .where('account_id', 'in', [...new Set(withGarage.map((c) => c.accountId))])
    .orderBy('id')
    .execute();
  const known = new Map<string, string>();
  for (const row of rows)
    if (!known.has(garageKey(row.account_id, row)))
      known.set(garageKey(row.account_id, row), row.id);
  const inserted = [];
  for (const c of withGarage) {
    const values = garageColumns(c.record.garageAddress!);
    const key = garageKey(c.accountId, values);
    let id = known.get(key);
    if (!id) {
      id = randomUUID();
      known.set(key, id);
      inserted.push({ id, account_id: c.accountId, ...values });
    }
    garageOf.set(c.contractNumber, id);
  }
  if (inserted.length) await trx.insertInto('garage_addresses').values(inserted).execute();
  return garageOf;
}

/** Writes the new contracts with their parts; refuses those of unknown customers. */
export async function writeContracts(
  trx: Db,
  contracts: readonly ContractLine[],
): Promise<ContractsWritten> {
  const result: ContractsWritten = { refused: new Map(), existing: [] };
  if (!contracts.length) return result;
  const accounts = await trx
    .selectFrom('accounts')
    .select(['id', 'customer_id'])
    .where('customer_id', 'in', [...new Set(contracts.map((c) => c.record.customerNumber))])
    .execute();
  const accountOf = new Map(accounts.map((a) => [a.customer_id, a.id]));
  const stored = await trx
    .selectFrom('policies')
    .select('policy_number')
    .where(
      'policy_number',
      'in',
      contracts.map((c) => c.contractNumber),
    )
    .forUpdate()
    .execute();
  const exists = new Set(stored.map((p) => p.policy_number));
  const fresh: (ContractLine & { accountId: string })[] = [];
  const updatedAccounts = new Set<string>();
  for (const c of contracts) {
    const accountId = accountOf.get(c.record.customerNumber);
    if (!accountId) {
      const err = new UnprocessableRecordError(M.unprocessable, {
        customerNumber: M.unknownCustomer,
      });
      result.refused.set(c.line, domainRefusals(c.line, err));
    } else if (exists.has(c.contractNumber)) {
      result.existing.push(c);
      updatedAccounts.add(accountId);
    } else fresh.push({ ...c, accountId });
  }
  if (fresh.some((c) => updatedAccounts.has(c.accountId)))
    throw new NeedsPerLine('a new and an updated contract of one customer');
  if (!fresh.length) return result;
  const garageOf = await writeGarages(trx, fresh);
  await trx
    .insertInto('policies')
    .values(
      fresh.map((c) => ({
        policy_number: c.contractNumber,
        ...policyColumns(c.accountId, c.record, garageOf.get(c.contractNumber) ?? null),
      })),
    )
    .execute();
  const risks = await trx
    .insertInto('risks')
    .values(
      fresh.map((c) => ({
        policy_number: c.contractNumber,
        position: 0,
        ...vehicleColumns(c.record),
      })),
    )
    .returning(['id', 'policy_number'])
    .execute();
  const riskOf = new Map(risks.map((r) => [r.policy_number, r.id]));
  const coverages = fresh.flatMap((c) =>
    coverageRows(riskOf.get(c.contractNumber)!, c.record.coverages),
  );
  if (coverages.length) await trx.insertInto('guarantees').values(coverages).execute();
  await trx
    .insertInto('drivers')
    .values(
      fresh.flatMap((c) =>
        c.record.drivers.map((d) => driverRow(randomUUID(), c.contractNumber, d)),
      ),
    )
    .execute();
  const payments = fresh.flatMap((c) =>
    c.record.paymentDetails
      ? [
          {
            id: randomUUID(),
            policy_number: c.contractNumber,
            ...paymentColumns(c.record.paymentDetails),
          },
        ]
      : [],
  );
  if (payments.length) await trx.insertInto('payment_details').values(payments).execute();
  const claims = fresh.flatMap((c) =>
    c.record.claims.map((claim) => claimRow(c.contractNumber, claim)),
  );
  if (claims.length) await trx.insertInto('claims').values(claims).execute();
  return result;
}
