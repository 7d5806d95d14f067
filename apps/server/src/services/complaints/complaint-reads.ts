// A complaint as its customer and the broker read it (docs/product/complaints.md). Enforces:
// - the customer reads their own complaints only: another account's reference is NotFoundError
//   (404), never a sign that it exists;
// - the deadlines are the ones computed and stored when it was received (contract
//   complaintDeadlines), the days as ISO dates, read without the server's time zone.
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_MESSAGES,
  COMPLAINT_OUTCOME_LABELS,
  type Complaint,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';

const iso = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The row of complaint `reference` (of `accountId`, or any account when null), or undefined. */
export function complaintRow(db: Db, accountId: string | null, reference: string) {
  let query = db
    .selectFrom('complaints as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select([
      'k.id',
      'k.reference',
      'k.account_id',
      'k.policy_number',
      'k.category',
      'k.text',
      'k.expectation',
      'k.origin',
      'k.request_reference',
      'k.received_at',
      'k.acknowledged_at',
      'k.answered_at',
      'k.outcome',
      'k.answer',
      'k.answer_storage_key',
      'k.answer_size',
      'a.first_name',
      'a.last_name',
      'a.customer_id',
    ])
    .select([
      iso('k.received_on').as('received_on'),
      iso('k.acknowledge_by').as('acknowledge_by'),
      iso('k.answer_by').as('answer_by'),
    ])
    .where('k.reference', '=', reference);
  if (accountId !== null) query = query.where('k.account_id', '=', accountId);
  return query.executeTakeFirst();
}
export type ComplaintRow = NonNullable<Awaited<ReturnType<typeof complaintRow>>>;

/** Complaint `reference` of `accountId` (any account when null), or NotFoundError. */
export async function requireComplaint(
  db: Db,
  accountId: string | null,
  reference: string,
): Promise<ComplaintRow> {
  const row = await complaintRow(db, accountId, reference);
  if (!row) throw new NotFoundError(COMPLAINT_MESSAGES.notFound);
  return row;
}

export function answerFileName(reference: string): string {
  return `Réponse à la réclamation ${reference}.pdf`;
}

const isoTime = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export async function complaintView(db: Db, row: ComplaintRow): Promise<Complaint> {
  const files = await db
    .selectFrom('complaint_files')
    .select(['id', 'original_name as name', 'content_type as contentType', 'size'])
    .where('complaint_id', '=', row.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    reference: row.reference,
    category: row.category,
    categoryLabel: COMPLAINT_CATEGORY_LABELS[row.category],
    text: row.text,
    expectation: row.expectation,
    origin: row.origin,
    requestReference: row.request_reference,
    receivedAt: new Date(row.received_at).toISOString(),
    acknowledgedAt: isoTime(row.acknowledged_at),
    acknowledgeBy: row.acknowledge_by,
    answerBy: row.answer_by,
    answeredAt: isoTime(row.answered_at),
    outcome: row.outcome,
    outcomeLabel: row.outcome ? COMPLAINT_OUTCOME_LABELS[row.outcome] : null,
    answer: row.answer,
    answerFileName: row.answer_storage_key ? answerFileName(row.reference) : null,
    files,
  };
}

/** The customer's complaint `reference` (404 when it is not theirs). */
export async function customerComplaint(
  db: Db,
  accountId: string,
  reference: string,
): Promise<Complaint> {
  return complaintView(db, await requireComplaint(db, accountId, reference));
}
