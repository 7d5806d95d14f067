// The data the generated documents state, read apart from their layouts (memo.ts,
// certificate.ts, statement.ts): one query per document for a policy of the caller's account
// (the callers check the policy first). The relevé's claims are those of the 5 years before the
// day it is issued; its mentions follow Code des assurances A121-1
// (docs/decisions/0049-releve-mentions-one-pdf-pipeline.md).
import { addDays, addMonths, isBefore } from '@espace/contract';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../../db/client';

/** Who issues the documents: the broker and the insurer of the operator's legal identity. */
export interface DocumentIssuer {
  brokerName: string;
  brokerAddress: string;
  brokerOrias: string;
  insurerName: string;
}

/** The relevé covers the claims of this many years before its date. */
export const CLAIMS_YEARS = 5;

export interface ContractData {
  policyNumber: string;
  state: string;
  startDate: string;
  endDate: string | null;
  endReason: string | null;
  subscriber: {
    firstName: string;
    lastName: string;
    customerId: string;
    address: string;
    birthDate: string | null;
    licenceNumber: string | null;
    licenceDate: string | null;
  };
  vehicle: { manufacturer: string; model: string; licensePlate: string; formula: string };
  guarantees: string[];
  drivers: {
    salutation: string;
    firstName: string;
    lastName: string;
    birthDate: string;
    licenceNumber: string | null;
    licenceDate: string | null;
    principal: boolean;
    crm: number;
  }[];
  claims: { occurredOn: string; nature: string; driver: string | null; responsibility: number }[];
}

const isoDate = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Everything the three documents state, for a policy of the caller's; undefined otherwise. */
export async function loadContractData(
  db: Db,
  accountId: string,
  policyNumber: string,
  today: string,
): Promise<ContractData | undefined> {
  const since = addMonths(today, -12 * CLAIMS_YEARS);
  const row = await db
    .selectFrom('policies as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('account_addresses as aa', 'aa.account_id', 'a.id')
    .innerJoin('risks as r', (join) =>
      join.onRef('r.policy_number', '=', 'p.policy_number').on('r.position', '=', 0),
    )
    .where('p.account_id', '=', accountId)
    .where('p.policy_number', '=', policyNumber)
    .select((eb) => [
      'p.policy_number',
      'p.state',
      isoDate('p.start_date').as('start_date'),
      isoDate('p.end_date').as('end_date'),
      'p.end_reason',
      'p.customer_id',
      'a.first_name',
      'a.last_name',
      isoDate('a.birth_date').as('subscriber_birth_date'),
      'a.licence_number as subscriber_licence_number',
      isoDate('a.licence_date').as('subscriber_licence_date'),
      'aa.line1',
      'aa.postal_code',
      'aa.city',
      'r.manufacturer',
      'r.model',
      'r.license_plate',
      'r.guarantee_formula',
      jsonArrayFrom(
        eb
          .selectFrom('guarantees as g')
          .whereRef('g.risk_id', '=', 'r.id')
          .select('g.type')
          .orderBy('g.position'),
      ).as('guarantees'),
      jsonArrayFrom(
        eb
          .selectFrom('drivers as d')
          .whereRef('d.policy_number', '=', 'p.policy_number')
          .select([
            'd.salutation',
            'd.first_name',
            'd.last_name',
            isoDate('d.birth_date').as('birth_date'),
            'd.licence_number',
            isoDate('d.licence_date').as('licence_date'),
            'd.principal',
            sql<number>`d.crm::float8`.as('crm'),
          ])
          .orderBy('d.principal', 'desc')
          .orderBy('d.last_name')
          .orderBy('d.first_name'),
      ).as('drivers'),
      jsonArrayFrom(
        eb
          .selectFrom('claims as c')
          .whereRef('c.policy_number', '=', 'p.policy_number')
          .where('c.occurred_on', '>=', sql<Date>`${since}::date`)
          .select([
            isoDate('c.occurred_on').as('occurred_on'),
            'c.nature',
            'c.driver_name',
            'c.responsibility',
          ])
          .orderBy('c.occurred_on', 'desc'),
      ).as('claims'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    policyNumber: row.policy_number,
    state: row.state,
    startDate: row.start_date,
    endDate: row.end_date,
    endReason: row.end_reason,
    subscriber: {
      firstName: row.first_name,
      lastName: row.last_name,
      customerId: row.customer_id,
      address: `${row.line1}, ${row.postal_code} ${row.city}`,
      birthDate: row.subscriber_birth_date,
      licenceNumber: row.subscriber_licence_number,
      licenceDate: row.subscriber_licence_date,
    },
    vehicle: {
      manufacturer: row.manufacturer,
      model: row.model,
      licensePlate: row.license_plate,
      formula: row.guarantee_formula,
    },
    guarantees: row.guarantees.map((g) => g.type),
    drivers: row.drivers.map((d) => ({
      salutation: d.salutation === 'Mr' ? 'M.' : d.salutation,
      firstName: d.first_name,
      lastName: d.last_name,
      birthDate: d.birth_date,
      licenceNumber: d.licence_number,
      licenceDate: d.licence_date,
      principal: d.principal,
      crm: Number(d.crm),
    })),
    claims: row.claims.map((c) => ({
      occurredOn: c.occurred_on,
      nature: c.nature,
      driver: c.driver_name,
      responsibility: Number(c.responsibility),
    })),
  };
}

/** The yearly period of the contract that contains `today`: from its last anniversary on. */
export function currentPeriod(startDate: string, today: string): { from: string; to: string } {
  let years = 0;
  while (!isBefore(today, addMonths(startDate, 12 * (years + 1)))) years += 1;
  const from = addMonths(startDate, 12 * years);
  return { from, to: addDays(addMonths(startDate, 12 * (years + 1)), -1) };
}
