// Customer search and the customer's file in the staff console (docs/console.md « Clients »).
// Enforces:
// - search by name (either order), e-mail, customer number, contract number or plate, without
//   regard to case, accents left as typed; a plate matches whatever its dashes and spaces;
//   LIKE's wildcards in the query are taken literally; SEARCH_LIMIT hits at most, one statement;
// - the file is what the customer sees in the portal, through the customer API's own services
//   (policiesJson, listPolicyDocuments, listRequests): read-only, nothing of it is changed;
// - every search and every file read leaves its staff_audit row (the query, the customer).
import {
  CUSTOMER_FILE_REQUESTS,
  MESSAGES,
  type CustomerFile,
  type CustomerSearchHit,
  type Policy,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { listPolicyDocuments } from '../documents/downloads';
import { NotFoundError } from '../errors';
import { policiesJson } from '../policies/policies';
import { listRequests } from '../requests/list-requests';
import { recordStaffAudit, type StaffActor } from '../staff/audit';

export const SEARCH_LIMIT = 20;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchCustomers(
  db: Db,
  actor: StaffActor,
  q: string,
): Promise<CustomerSearchHit[]> {
  const pattern = `%${likeEscaped(q.trim())}%`;
  const plate = q.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const rows = await db
    .selectFrom('accounts as a')
    .select(['a.customer_id', 'a.first_name', 'a.last_name', 'a.email'])
    .select([
      sql<string[]>`array(select p.policy_number from policies p
        where p.account_id = a.id order by p.start_date desc, p.policy_number)`.as('policies'),
      sql<string[]>`array(select r.license_plate from risks r
        join policies p on p.policy_number = r.policy_number
        where p.account_id = a.id order by p.start_date desc, r.position)`.as('plates'),
    ])
    .where((eb) =>
      eb.or([
        eb(sql`a.first_name || ' ' || a.last_name`, 'ilike', pattern),
        eb(sql`a.last_name || ' ' || a.first_name`, 'ilike', pattern),
        eb('a.email', 'ilike', pattern),
        eb('a.customer_id', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('policies as p')
            .select(sql.lit(1).as('one'))
            .whereRef('p.account_id', '=', 'a.id')
            .where('p.policy_number', 'ilike', pattern),
        ),
        ...(plate.length >= 2
          ? [
              eb.exists(
                eb
                  .selectFrom('risks as r')
                  .innerJoin('policies as p', 'p.policy_number', 'r.policy_number')
                  .select(sql.lit(1).as('one'))
                  .whereRef('p.account_id', '=', 'a.id')
                  .where(
                    sql`regexp_replace(upper(r.license_plate), '[^A-Z0-9]', '', 'g')`,
                    'like',
                    `%${plate}%`,
                  ),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('a.last_name')
    .orderBy('a.first_name')
    .orderBy('a.customer_id')
    .limit(SEARCH_LIMIT)
    .execute();
  await recordStaffAudit(db, actor, {
    action: 'customer.search',
    targetKind: 'search',
    details: { q, hits: rows.length },
  });
  return rows.map((row) => ({
    customerNumber: row.customer_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    policyNumbers: row.policies,
    plates: row.plates,
  }));
}

/** The customer's file as the customer sees it, read by `actor`: audited 'customer.read'. */
export async function customerFile(
  db: Db,
  actor: StaffActor,
  customerNumber: string,
): Promise<CustomerFile> {
  const account = await db
    .selectFrom('accounts as a')
    .select(['a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.phone_number'])
    .select('a.portal_deleted_at')
    .select([
      sql<string | null>`to_char(a.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      sql<boolean>`exists (select 1 from credentials c where c.account_id = a.id)`.as('active'),
    ])
    .where('a.customer_id', '=', customerNumber)
    .executeTakeFirst();
  if (!account) throw new NotFoundError(MESSAGES.api.notFound);
  const built = await policiesJson(account.id, 1).execute(db);
  const contracts = JSON.parse(built.rows[0]!.body) as Policy[];
  const documents = [];
  for (const { policyNumber } of contracts)
    documents.push({
      policyNumber,
      documents: await listPolicyDocuments(db, account.id, policyNumber),
    });
  const requests = await listRequests(db, account.id, {
    page: 1,
    pageSize: CUSTOMER_FILE_REQUESTS,
  });
  await recordStaffAudit(db, actor, {
    action: 'customer.read',
    targetKind: 'customer',
    targetId: customerNumber,
    accountId: account.id,
  });
  return {
    customerNumber,
    firstName: account.first_name,
    lastName: account.last_name,
    email: account.email,
    phoneNumber: account.phone_number,
    birthDate: account.birth_date,
    portalAccess: account.portal_deleted_at ? 'deleted' : account.active ? 'active' : 'none',
    contracts,
    documents,
    requests,
  };
}
