// Customer search and the customer's file in the staff console (docs/console.md « Clients »).
// Enforces:
// - search by what the caller says on the phone (search-terms.ts): a name (either order), an
//   e-mail, a customer number, a contract number, a plate or a request reference, each from its
//   start, without regard to case, accents, dashes or spaces; LIKE's wildcards in the query are
//   taken literally; SEARCH_LIMIT hits at most, by name, one statement whatever the size;
// - the file is what the customer sees in the portal, through the customer API's own services
//   (policiesJson, listPolicyDocuments, listRequests), and the documents they must send with
//   the files they sent (owed-documents.ts): read-only here (a check is document-checks.ts);
//   each document to download opens through the customer's own download service;
// - every search, every file read and every document opened leaves its staff_audit row.
import {
  consolePath,
  CUSTOMER_FILE_REQUESTS,
  MESSAGES,
  type BrandKey,
  type CustomerFile,
  type CustomerSearchHit,
  type Policy,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Logger } from '../../platform/logger';
import type { DocumentStorage } from '../../platform/storage/storage';
import { listPolicyDocuments, openPolicyDocument } from '../documents/downloads';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { NotFoundError } from '../errors';
import { policiesJson } from '../policies/policies';
import { listRequests } from '../requests/list-requests';
import { recordStaffAudit, type StaffActor } from '../staff/audit';
import { owedDocumentsOf } from './owed-documents';
import {
  accountsMatching,
  contractsMatching,
  referencesMatching,
  searchTerms,
} from './search-terms';

export const SEARCH_LIMIT = 20;

export async function searchCustomers(
  db: Db,
  actor: StaffActor,
  q: string,
): Promise<CustomerSearchHit[]> {
  const terms = searchTerms(q);
  const code = terms.code ? { ...terms, code: terms.code } : null;
  const matching = code
    ? sql`${accountsMatching(terms)}
        union select p.account_id from policies p where p.policy_number in (${contractsMatching(code)})
        union select i.account_id from request_index i where i.id in (${referencesMatching(code)})`
    : accountsMatching(terms);
  const reference = code
    ? sql<string | null>`(select i.reference from request_index i
        where i.account_id = a.id and i.id in (${referencesMatching(code)})
        order by i.created_at desc limit 1)`
    : sql<string | null>`null::text`;
  const rows = await db
    .selectFrom('accounts as a')
    .select(['a.customer_id', 'a.first_name', 'a.last_name', 'a.email'])
    .select([
      sql<string[]>`array(select p.policy_number from policies p
        where p.account_id = a.id order by p.start_date desc, p.policy_number)`.as('policies'),
      sql<string[]>`array(select r.license_plate from risks r
        join policies p on p.policy_number = r.policy_number
        where p.account_id = a.id order by p.start_date desc, r.position)`.as('plates'),
      reference.as('reference'),
    ])
    .where(sql<boolean>`a.id in (${matching})`)
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
    requestReference: row.reference,
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
      sql<boolean>`exists (select 1 from customer_second_factors f
                           where f.id = a.id and f.totp_secret is not null)`.as('second_factor'),
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
      documents: (await listPolicyDocuments(db, account.id, policyNumber)).map((doc) => ({
        ...doc,
        href: consolePath('customerDocument', { customerNumber, policyNumber, documentId: doc.id }),
      })),
    });
  const owedDocuments = await owedDocumentsOf(db, { accountId: account.id });
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
    secondFactor: account.second_factor,
    contracts,
    documents,
    owedDocuments,
    requests,
  };
}

export interface DocumentDeps {
  db: Db;
  storage: DocumentStorage;
  log: Logger;
  issuer: DocumentIssuer;
  brand: BrandKey;
}

/** A document of the customer's contract, as they download it, read by `actor` (audited). */
export async function openCustomerDocument(
  { db, storage, log, issuer, brand }: DocumentDeps,
  actor: StaffActor,
  target: { customerNumber: string; policyNumber: string; documentId: string },
) {
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', '=', target.customerNumber)
    .executeTakeFirst();
  if (!account) throw new NotFoundError(MESSAGES.api.notFound);
  const doc = await openPolicyDocument(
    { db, storage, log },
    account.id,
    target.policyNumber,
    target.documentId,
    { issuer, brand },
  );
  try {
    await recordStaffAudit(db, actor, {
      action: 'customer.document_read',
      targetKind: 'document',
      targetId: `${target.policyNumber}/${target.documentId}`,
      accountId: account.id,
      details: { fileName: doc.fileName },
    });
  } catch (error) {
    doc.body.destroy();
    throw error;
  }
  return doc;
}
