// Reads of the caller's policies (SPEC §3 "Policy"). Enforces: a policy is only ever read
// through the caller's account, and one outside it reads exactly like one that does not exist
// (404 'Policy not found', SPEC §8, ARCHITECTURE.md decision 2); the list carries everything a
// card (a pending termination request included), the coverages table and the documents screens
// need in one query (PGlite runs one query at a time, so nested JSON beats one query per
// relation), policies in force first.
import { MESSAGES, TERMINATED_STATES, type Policy } from '@espace/contract';
import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/client';
import { NotFoundError } from './errors';

function policiesQuery(db: Db, accountId: string) {
  return (
    db
      .selectFrom('policies as p')
      .where('p.account_id', '=', accountId)
      .select((eb) => [
        'p.policy_number',
        'p.account_id',
        'p.customer_id',
        'p.state',
        'p.premium_a',
        sql<string>`to_char(p.start_date, 'YYYY-MM-DD')`.as('start_date'),
        jsonArrayFrom(
          eb
            .selectFrom('drivers as d')
            .whereRef('d.policy_number', '=', 'p.policy_number')
            .select([
              'd.id',
              'd.salutation',
              'd.first_name',
              'd.last_name',
              sql<string>`to_char(d.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
              'd.principal',
              sql<number>`d.crm::float8`.as('crm'),
            ])
            .orderBy('d.principal', 'desc')
            .orderBy('d.last_name')
            .orderBy('d.first_name'),
        ).as('drivers'),
        jsonArrayFrom(
          eb
            .selectFrom('risks as r')
            .whereRef('r.policy_number', '=', 'p.policy_number')
            .select((rb) => [
              'r.license_plate',
              'r.manufacturer',
              'r.model',
              'r.guarantee_formula',
              jsonArrayFrom(
                rb
                  .selectFrom('guarantees as g')
                  .whereRef('g.risk_id', '=', 'r.id')
                  .select([
                    'g.type',
                    'g.description',
                    sql<number>`g.franchise::float8`.as('franchise'),
                  ])
                  .orderBy('g.position'),
              ).as('guarantees'),
            ])
            .orderBy('r.position'),
        ).as('risks'),
        jsonObjectFrom(
          eb
            .selectFrom('payment_details as pd')
            .whereRef('pd.policy_number', '=', 'p.policy_number')
            .select(['pd.id', 'pd.payment_method', 'pd.owner_name', 'pd.bic', 'pd.iban']),
        ).as('payment_details'),
        jsonObjectFrom(
          eb
            .selectFrom('garage_addresses as ga')
            .whereRef('ga.id', '=', 'p.garage_address_id')
            .select(['ga.id', 'ga.street', 'ga.zip', 'ga.city', 'ga.country']),
        ).as('address'),
        jsonArrayFrom(
          eb
            .selectFrom('policy_documents as pdoc')
            .whereRef('pdoc.policy_number', '=', 'p.policy_number')
            .select([
              'pdoc.name',
              'pdoc.description',
              'pdoc.file_type',
              'pdoc.status',
              'pdoc.can_resend',
              'pdoc.max_file_number',
              'pdoc.exact_file_number',
              'pdoc.files_received',
            ])
            .orderBy('pdoc.position'),
        ).as('documents'),
        // A termination requested online and not processed yet (migration 0008).
        jsonObjectFrom(
          eb
            .selectFrom('termination_requests as tr')
            .whereRef('tr.policy_number', '=', 'p.policy_number')
            .where('tr.status', '=', 'received')
            .select(['tr.reference', 'tr.received_at']),
        ).as('termination_request'),
      ])
      // Policies in force first (false sorts before true), then the most recent.
      .orderBy((eb) => eb('p.state', 'in', [...TERMINATED_STATES]))
      .orderBy('p.start_date', 'desc')
      .orderBy('p.policy_number')
  );
}

type PolicyRow = Awaited<ReturnType<ReturnType<typeof policiesQuery>['execute']>>[number];

function toPolicy(row: PolicyRow): Policy {
  return {
    policyNumber: row.policy_number,
    accountId: row.account_id,
    customerId: row.customer_id,
    state: row.state,
    premiumA: Number(row.premium_a),
    startDate: row.start_date,
    drivers: row.drivers.map((d) => ({
      id: d.id,
      salutation: d.salutation,
      firstName: d.first_name,
      lastName: d.last_name,
      birthDate: d.birth_date,
      principal: d.principal,
      crm: Number(d.crm),
    })),
    risks: row.risks.map((r) => ({
      licensePlate: r.license_plate,
      manufacturer: r.manufacturer,
      model: r.model,
      guaranteeFormula: r.guarantee_formula,
      guarantees: r.guarantees.map((g) => ({ ...g, franchise: Number(g.franchise) })),
    })),
    paymentDetails: row.payment_details
      ? {
          id: row.payment_details.id,
          paymentMethod: row.payment_details.payment_method,
          bankAccount: {
            ownerName: row.payment_details.owner_name,
            bic: row.payment_details.bic,
            iban: row.payment_details.iban,
          },
        }
      : null,
    address: row.address,
    documents: row.documents.map((d) => ({
      name: d.name,
      description: d.description,
      fileType: d.file_type,
      status: d.status,
      canResend: d.can_resend,
      maxFileNumber: d.max_file_number,
      exactFileNumber: d.exact_file_number,
      filesReceived: d.files_received,
    })),
    terminationRequest: row.termination_request
      ? {
          reference: row.termination_request.reference,
          receivedAt: new Date(row.termination_request.received_at).toISOString(),
        }
      : null,
  };
}

export async function listPolicies(db: Db, accountId: string): Promise<Policy[]> {
  const rows = await policiesQuery(db, accountId).execute();
  return rows.map(toPolicy);
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
