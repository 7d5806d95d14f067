// Reads of the caller's policies (docs/product/policies.md "Policy"). Enforces: a policy is only ever read
// through the caller's account, and one outside it reads exactly like one that does not exist
// (404 'Policy not found', docs/product/policies.md, docs/decisions/0010-scoped-by-the-token.md); the list carries everything a
// card (a pending termination request included), the coverages table and the documents screens
// need in one query (PGlite runs one query at a time, so nested JSON beats one query per
// relation), policies in force first. The body built last for each account and page is kept
// and sent again while the account's policy data keeps its version (migration 0018).
import { createHash } from 'node:crypto';
import { isTerminated, MESSAGES, POLICIES_PAGE_SIZE, TERMINATED_STATES } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { NotFoundError, type DomainError } from '../errors';
import { keptAnswers } from '../../platform/idempotency/kept-answers';
import { prepared } from '../../db/prepared';
import { sessionAlive, sessionArgs, type SessionToCheck } from '../identity/token-validity';

// The whole answer is built by PostgreSQL as JSON text in the contract's shape (camelCase keys,
// numbers as numbers, dates as ISO strings): the server sends it as it is, without mapping rows
// or serialising them again. The SQL is the same text on every call, so PostgreSQL plans it once
// per connection (db/client.ts names long statements).
// Paged past POLICIES_PAGE_SIZE: one more row than the page is read to know whether another follows.
// The account's data version is read in the same statement, hence from the same snapshot.
export function policiesJson(accountId: string, page: number) {
  const offset = (page - 1) * POLICIES_PAGE_SIZE;
  return sql<PolicyPage>`
    select coalesce(json_agg(x.doc order by x.rn)
                      filter (where x.rn <= ${offset + POLICIES_PAGE_SIZE}), '[]')::text as body,
           count(*) > ${POLICIES_PAGE_SIZE} as more,
           (${versionOf(accountId)}) as version
    from (
      select row_number() over (
          order by p.state in (${sql.join([...TERMINATED_STATES])}), p.start_date desc,
                   p.policy_number) as rn,
        json_build_object(
          'policyNumber', p.policy_number,
          'accountId', p.account_id,
          'customerId', p.customer_id,
          'state', p.state,
          'premiumA', p.premium_a::float8,
          'startDate', to_char(p.start_date, 'YYYY-MM-DD'),
          'drivers', coalesce((
            select json_agg(json_build_object(
                'id', d.id, 'salutation', d.salutation, 'firstName', d.first_name,
                'lastName', d.last_name, 'birthDate', to_char(d.birth_date, 'YYYY-MM-DD'),
                'principal', d.principal, 'crm', d.crm::float8)
              order by d.principal desc, d.last_name, d.first_name)
            from drivers d where d.policy_number = p.policy_number), '[]'),
          'risks', coalesce((
            select json_agg(json_build_object(
                'licensePlate', r.license_plate, 'manufacturer', r.manufacturer,
                'model', r.model, 'guaranteeFormula', r.guarantee_formula,
                'guarantees', coalesce((
                  select json_agg(json_build_object(
                      'type', g.type, 'description', g.description,
                      'franchise', g.franchise::float8) order by g.position)
                  from guarantees g where g.risk_id = r.id), '[]'))
              order by r.position)
            from risks r where r.policy_number = p.policy_number), '[]'),
          'paymentDetails', (
            select json_build_object(
                'id', pd.id, 'paymentMethod', pd.payment_method,
                'bankAccount', json_build_object(
                  'ownerName', pd.owner_name, 'bic', pd.bic, 'iban', pd.iban))
            from payment_details pd where pd.policy_number = p.policy_number limit 1),
          -- The complement only when there is one
          -- (docs/decisions/0044-address-truthfulness-and-complement.md).
          'address', (
            select jsonb_strip_nulls(jsonb_build_object(
                'id', ga.id, 'street', ga.street, 'zip', ga.zip, 'city', ga.city,
                'country', ga.country, 'complement', ga.complement))
            from garage_addresses ga where ga.id = p.garage_address_id),
          'documents', coalesce((
            select json_agg(json_build_object(
                'name', pdoc.name, 'description', pdoc.description,
                'fileType', pdoc.file_type, 'status', pdoc.status,
                'canResend', pdoc.can_resend, 'maxFileNumber', pdoc.max_file_number,
                'exactFileNumber', pdoc.exact_file_number,
                'filesReceived', pdoc.files_received,
                'dueOn', to_char(pdoc.due_on, 'YYYY-MM-DD'),
                'statusReason', case when pdoc.status = 'rejected' then pdoc.status_reason end,
                'askedForRequest', pdoc.request_id is not null)
              order by pdoc.position)
            from policy_documents pdoc where pdoc.policy_number = p.policy_number), '[]'),
          -- A termination requested online and not processed yet (migration 0008).
          'terminationRequest', (
            select json_build_object(
                'reference', tr.reference,
                'receivedAt', to_char(tr.received_at at time zone 'UTC',
                                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            from termination_requests tr
            where tr.policy_number = p.policy_number and tr.status = 'received' limit 1)
        ) as doc
      from policies p
      where p.account_id = ${accountId}
      order by rn
      limit ${POLICIES_PAGE_SIZE + 1} offset ${offset}
    ) x`;
}

/** The version of the account's policy data: '0' until a write touches it (migration 0018). */
const versionOf = (accountId: unknown) =>
  sql<string>`coalesce((select version::text from policy_data_versions
                        where account_id = ${accountId}), '0')`;

interface PolicyPage {
  body: string;
  more: boolean;
  version: string;
}

/**
 * Bodies kept, at most this many bytes in all per database: a page of POLICIES_PAGE_SIZE
 * policies is some 200,000.
 */
const POLICY_BODIES_MAX_BYTES = 16_000_000;

/** The last body built per account and page, with the version it was built at. */
const kept = keptAnswers<PoliciesAnswer>(POLICY_BODIES_MAX_BYTES, (page) => page.body.length);

/**
 * Whether the caller's session is open and the version of their policy data, in one statement
 * (docs/decisions/0068-api-reads-one-statement.md): a read answered from a kept body costs this
 * one round trip.
 */
const sessionAndVersion = prepared(
  (accountId: unknown, sid: unknown, embedded: unknown) =>
    sql<{ alive: boolean; version: string }>`
    select ${sessionAlive(accountId, sid, embedded)} as alive, ${versionOf(accountId)} as version`,
  // On PGlite, the sole writer knows when it may have changed (db/sole-writer.ts); on
  // PostgreSQL, the calls of one turn of the event loop share a statement (db/prepared.ts).
  { memo: true, batch: true },
);

/** A weak ETag of a kept body, hashed once when it is built rather than on every answer. */
const weakEtag = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64')}"`;

/**
 * A page of policies as sent, with a weak ETag of its body. The body is kept as UTF-8 bytes:
 * sending the JSON text again would encode its ~6 KB (accents included) on every answer, and
 * measure it for `content-length`, some 15 % of the request thread's time on a kept body
 * (docs/decisions/0068-api-reads-one-statement.md).
 */
export interface PoliciesAnswer {
  body: Buffer;
  more: boolean;
  etag: string;
}

/**
 * One page (from 1) of the caller's policies as the JSON text of docs/product/policies.md's list, policies in
 * force first, and whether another page follows; `sessionAlive: false` when the token's session
 * is closed. When the account's policy data still has the version of the body built last for
 * this page, that body is sent again: the session and the version in one primary-key read instead
 * of the whole query.
 */
export async function listPoliciesJson(
  db: Db,
  session: SessionToCheck,
  page = 1,
): Promise<{ sessionAlive: false } | ({ sessionAlive: true } & PoliciesAnswer)> {
  const { rows } = await sessionAndVersion(db, ...sessionArgs(session));
  if (!rows[0]!.alive) return { sessionAlive: false };
  const key = `${session.accountId} ${page}`;
  const answer = kept.get(db, key);
  if (answer?.version === rows[0]!.version) return { sessionAlive: true, ...answer.value };
  const built = await policiesJson(session.accountId, page).execute(db);
  const { version, more } = built.rows[0]!;
  const body = Buffer.from(built.rows[0]!.body);
  const value = { body, more, etag: weakEtag(body) };
  kept.set(db, key, { version, value });
  return { sessionAlive: true, ...value };
}

/** The caller's policy, or NotFoundError 'Policy not found' when it is not theirs. */
export async function requireOwnPolicy(db: Db, accountId: string, policyNumber: string) {
  const policy = await db
    .selectFrom('policies')
    .select(['policy_number', 'state', 'account_id'])
    .where('account_id', '=', accountId)
    .where('policy_number', '=', policyNumber)
    .executeTakeFirst();
  if (!policy) throw new NotFoundError(MESSAGES.api.policyNotFound);
  return policy;
}

/**
 * The check of « the caller's own contract, not terminated » that changes, termination and
 * uploads make (a suspended contract still takes them; a claim needs more:
 * claims/claim-policy.ts requireOwnPolicyActive): NotFoundError (404) when it is not the caller's,
 * `refusal()` when it is terminated (contract `isTerminated`); each caller says how its own
 * screen words the refusal.
 */
export async function requireOwnPolicyNotTerminated(
  db: Db,
  accountId: string,
  policyNumber: string,
  refusal: () => DomainError,
) {
  const policy = await requireOwnPolicy(db, accountId, policyNumber);
  if (isTerminated(policy)) throw refusal();
  return policy;
}
