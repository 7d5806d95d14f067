// Customers written by the broker's systems (PUT/GET/DELETE /backoffice/v1/customers/{n},
// docs/integration.md), keyed by the broker's customer number (accounts.customer_id).
// Enforces: one e-mail per customer (another customer's is refused, naming the field); a
// customer who still has contracts is not removed (remove the contracts first); the record's
// versioning and idempotence (records.ts). The customer's password is never written here: the
// first access gives it (invitation, « Première connexion »).
import { randomUUID } from 'node:crypto';
import {
  INTEGRATION_MESSAGES as M,
  type CustomerRead,
  type CustomerRecord,
  type WriteResult,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { recordSha256, recordVersion, removeRecord, writeRecord, type IfMatch } from './records';

/** The `accounts` columns a customer record sets (shared with the bulk import's batches). */
export const personColumns = (record: CustomerRecord) => ({
  first_name: record.firstName,
  last_name: record.lastName,
  birth_date: record.birthDate,
  email: record.email,
  phone_number: record.phoneNumber,
  commercial_consent: record.commercialConsent,
});

/** The `account_addresses` columns a customer record sets. */
export const addressColumns = (record: CustomerRecord) => ({
  line1: record.address.line1,
  complement: record.address.complement,
  postal_code: record.address.postalCode,
  city: record.address.city,
  country: record.address.country,
});

export function upsertCustomer(
  db: Db,
  customerNumber: string,
  record: CustomerRecord,
  ifMatch?: IfMatch,
): Promise<WriteResult> {
  const target = { kind: 'customer' as const, key: customerNumber, ifMatch };
  return writeRecord(db, { ...target, sha256: recordSha256(record) }, async (trx) => {
    const taken = await trx
      .selectFrom('accounts')
      .select('customer_id')
      .where('email', '=', record.email)
      .where('customer_id', '<>', customerNumber)
      .executeTakeFirst();
    if (taken) throw new ConflictError(M.emailTaken, { email: M.emailTaken });
    const person = personColumns(record);
    const account = await trx
      .insertInto('accounts')
      .values({ id: randomUUID(), customer_id: customerNumber, ...person })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet(person))
      .returning('id')
      .executeTakeFirstOrThrow();
    const address = addressColumns(record);
    await trx
      .insertInto('account_addresses')
      .values({ id: randomUUID(), account_id: account.id, ...address })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(address))
      .execute();
  });
}

/** The customer as stored, in the record's shape, with its version; NotFoundError otherwise. */
export async function readCustomer(db: Db, customerNumber: string): Promise<CustomerRead> {
  const row = await db
    .selectFrom('accounts as a')
    .innerJoin('account_addresses as ad', 'ad.account_id', 'a.id')
    .select([
      'a.first_name',
      'a.last_name',
      sql<string | null>`to_char(a.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      'a.email',
      'a.phone_number',
      'a.commercial_consent',
      'ad.line1',
      'ad.complement',
      'ad.postal_code',
      'ad.city',
      'ad.country',
    ])
    .where('a.customer_id', '=', customerNumber)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(M.notFound);
  return {
    customerNumber,
    version: (await recordVersion(db, 'customer', customerNumber)) ?? 0,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: row.birth_date,
    email: row.email,
    phoneNumber: row.phone_number,
    address: {
      line1: row.line1,
      complement: row.complement,
      postalCode: row.postal_code,
      city: row.city,
      country: row.country,
    },
    commercialConsent: row.commercial_consent,
  };
}

/** Removes a customer without contracts, with their portal access and requests. */
export function removeCustomer(db: Db, customerNumber: string, ifMatch?: IfMatch): Promise<void> {
  return removeRecord(db, { kind: 'customer', key: customerNumber, ifMatch }, async (trx) => {
    const account = await trx
      .selectFrom('accounts')
      .select('id')
      .where('customer_id', '=', customerNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!account) throw new NotFoundError(M.notFound);
    const contract = await trx
      .selectFrom('policies')
      .select('policy_number')
      .where('account_id', '=', account.id)
      .limit(1)
      .executeTakeFirst();
    if (contract) throw new ConflictError(M.customerHasContracts);
    await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
  });
}
