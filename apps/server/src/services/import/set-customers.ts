// The customers of a set-based import batch that changed, written in three statements
// (docs/decisions/0076-bulk-import.md « Performance »), with the columns and the rule of
// services/integration/customers.ts: an e-mail held by another customer refuses the line,
// naming `email`. Enforces: when the batch's own lines decide who holds an e-mail (two lines
// with one e-mail, or a line taking the e-mail another line gives up), the result would depend
// on their order: the batch goes the per-line way (NeedsPerLine), which keeps it.
import { randomUUID } from 'node:crypto';
import { INTEGRATION_MESSAGES as M, type CustomerRecord } from '@espace/contract';
import type { Db } from '../../db/client';
import { ConflictError } from '../errors';
import { addressColumns, personColumns } from '../integration/customers';
import { domainRefusals, type Refusal } from './import-line';

/** Raised when a batch cannot be written set-based with the per-line outcome: it goes per line. */
export class NeedsPerLine extends Error {}

export interface CustomerLine {
  line: number;
  customerNumber: string;
  record: CustomerRecord;
}

/** Writes the customers; the refusals of those an e-mail held by another customer kept out. */
export async function writeCustomers(
  trx: Db,
  customers: readonly CustomerLine[],
): Promise<Map<number, Refusal[]>> {
  const refused = new Map<number, Refusal[]>();
  if (!customers.length) return refused;
  const numbers = new Set(customers.map((c) => c.customerNumber));
  const emails = new Set(customers.map((c) => c.record.email));
  if (emails.size < customers.length) throw new NeedsPerLine('one e-mail, two lines');
  const holders = await trx
    .selectFrom('accounts')
    .select(['customer_id', 'email'])
    .where('email', 'in', [...emails])
    .execute();
  const holderOf = new Map(holders.map((h) => [h.email, h.customer_id]));
  const written: CustomerLine[] = [];
  for (const customer of customers) {
    const holder = holderOf.get(customer.record.email);
    if (holder === undefined || holder === customer.customerNumber) written.push(customer);
    else if (numbers.has(holder)) throw new NeedsPerLine('an e-mail changes hands');
    else
      refused.set(
        customer.line,
        domainRefusals(customer.line, new ConflictError(M.emailTaken, { email: M.emailTaken })),
      );
  }
  if (!written.length) return refused;
  const accounts = await trx
    .insertInto('accounts')
    .values(
      written.map((c) => ({
        id: randomUUID(),
        customer_id: c.customerNumber,
        ...personColumns(c.record),
      })),
    )
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet((eb) => ({
        first_name: eb.ref('excluded.first_name'),
        last_name: eb.ref('excluded.last_name'),
        birth_date: eb.ref('excluded.birth_date'),
        email: eb.ref('excluded.email'),
        phone_number: eb.ref('excluded.phone_number'),
        commercial_consent: eb.ref('excluded.commercial_consent'),
      })),
    )
    .returning(['id', 'customer_id'])
    .execute();
  const accountOf = new Map(accounts.map((a) => [a.customer_id, a.id]));
  await trx
    .insertInto('account_addresses')
    .values(
      written.map((c) => ({
        id: randomUUID(),
        account_id: accountOf.get(c.customerNumber)!,
        ...addressColumns(c.record),
      })),
    )
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet((eb) => ({
        line1: eb.ref('excluded.line1'),
        complement: eb.ref('excluded.complement'),
        postal_code: eb.ref('excluded.postal_code'),
        city: eb.ref('excluded.city'),
        country: eb.ref('excluded.country'),
      })),
    )
    .execute();
  return refused;
}
