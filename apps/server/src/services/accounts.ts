// Reads of the customer account (SPEC §3 "Account"), always by the caller's own id.
import type { Account } from '@espace/contract';
import type { Db } from '../db/client';

export async function findAccount(db: Db, accountId: string): Promise<Account | undefined> {
  const row = await db
    .selectFrom('accounts as a')
    .innerJoin('account_addresses as ad', 'ad.account_id', 'a.id')
    .select([
      'a.customer_id',
      'a.first_name',
      'a.last_name',
      'a.email',
      'a.phone_number',
      'a.commercial_consent',
      'ad.id as address_id',
      'ad.line1',
      'ad.postal_code',
      'ad.city',
      'ad.country',
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    address: {
      id: row.address_id,
      line1: row.line1,
      postalCode: row.postal_code,
      city: row.city,
      country: row.country,
      customerId: row.customer_id,
    },
    commercialConsent: row.commercial_consent,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
  };
}
