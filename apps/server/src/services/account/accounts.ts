// Reads of the customer account (docs/product/account.md "Account"). Enforces: an account is read by the
// caller's own id only; a missing one is NotFoundError 'Compte introuvable.'; the token's session
// is checked in the same statement (docs/decisions/0068-api-reads-one-statement.md).
import { MESSAGES, type Account } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { NotFoundError } from '../errors';
import { sessionAlive, sessionArgs, type SessionToCheck } from '../identity/token-validity';

interface AccountRow {
  alive: boolean;
  customer_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  commercial_consent: boolean;
  address_id: string;
  line1: string;
  postal_code: string;
  city: string;
  country: string;
  complement: string | null;
}

/** One row whatever happens: the session's state, and the account's columns when it exists. */
const accountStatement = prepared(
  (accountId: unknown, sid: unknown, embedded: unknown) => sql<AccountRow>`
    select ${sessionAlive(accountId, sid, embedded)} as alive,
           a.customer_id, a.first_name, a.last_name, a.email, a.phone_number,
           a.commercial_consent, ad.id as address_id, ad.line1, ad.postal_code, ad.city,
           ad.country, ad.complement
    from (select 1) as one
    left join (accounts a join account_addresses ad on ad.account_id = a.id)
      on a.id = ${accountId}::text`,
  // On PGlite, the sole writer knows when it may have changed (db/sole-writer.ts); on
  // PostgreSQL, the calls of one turn of the event loop share a statement (db/prepared.ts).
  { memo: true, batch: true },
);

/** The caller's account, or `sessionAlive: false` when the token's session is closed. */
export async function getAccount(
  db: Db,
  session: SessionToCheck,
): Promise<{ sessionAlive: false } | { sessionAlive: true; account: Account }> {
  const { rows } = await accountStatement(db, ...sessionArgs(session));
  const row = rows[0]!;
  if (!row.alive) return { sessionAlive: false };
  if (row.customer_id === null) throw new NotFoundError(MESSAGES.api.accountNotFound);
  return {
    sessionAlive: true,
    account: {
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
    },
  };
}
