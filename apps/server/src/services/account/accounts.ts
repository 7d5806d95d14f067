// Reads of the customer account (docs/product/account.md "Account"). Enforces: an account is read by the
// caller's own id only; a missing one is NotFoundError 'Compte introuvable.'.
import { MESSAGES, type Account } from '@espace/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';

export async function getAccount(db: Db, accountId: string): Promise<Account> {
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
      'ad.complement',
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MESSAGES.api.accountNotFound);
  return {
    address: {
      id: row.address_id,
      line1: row.line1,
      postalCode: row.postal_code,
      city: row.city,
      country: row.country,
      ...(row.complement ? { complement: row.complement } : {}),
      customerId: row.customer_id,
    },
    commercialConsent: row.commercial_consent,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
  };
}
