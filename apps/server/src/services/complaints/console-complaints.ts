// The complaints in the staff console (docs/console.md « Réclamations »). Enforces:
// - the queue lists every customer's open complaints (or all), the answer due first, each with
//   its two deadlines and whether it is late (contract isLate, against today in Paris);
// - opening a complaint is audited 'complaint.read' with its customer, as a request's page is;
// - the answer form starts from the mediator's paragraph as the operator configured it.
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_OUTCOME_LABELS,
  isLate,
  mediatorParagraph,
  todayInParis,
  type ConsoleComplaint,
  type ConsoleComplaintList,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { recordStaffAudit, type StaffActor } from '../staff/audit';
import { complaintView, requireComplaint } from './complaint-reads';

const parisDay = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;
const iso = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The rows of the queue and of the register. */
export function complaintRows(db: Db, show: 'open' | 'all') {
  return db
    .selectFrom('complaints as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select(['k.reference', 'k.category', 'k.outcome', 'k.received_at', 'k.acknowledged_at'])
    .select(['k.answered_at', 'a.first_name', 'a.last_name', 'a.customer_id'])
    .select([
      iso('k.received_on').as('received_on'),
      iso('k.acknowledge_by').as('acknowledge_by'),
      iso('k.answer_by').as('answer_by'),
      parisDay('k.acknowledged_at').as('acknowledged_on'),
      parisDay('k.answered_at').as('answered_on'),
    ])
    .$if(show === 'open', (qb) => qb.where('k.answered_at', 'is', null))
    .orderBy('k.answer_by')
    .orderBy('k.received_at')
    .orderBy('k.id');
}

const isoTime = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export async function complaintQueue(
  db: Db,
  show: 'open' | 'all',
  today = todayInParis(),
): Promise<ConsoleComplaintList> {
  const rows = await complaintRows(db, show).execute();
  return {
    complaints: rows.map((row) => ({
      reference: row.reference,
      categoryLabel: COMPLAINT_CATEGORY_LABELS[row.category],
      customerName: `${row.first_name} ${row.last_name}`,
      customerNumber: row.customer_id,
      receivedAt: new Date(row.received_at).toISOString(),
      acknowledgeBy: row.acknowledge_by,
      acknowledgedAt: isoTime(row.acknowledged_at),
      acknowledgementLate: isLate(row.acknowledge_by, row.acknowledged_on, today),
      answerBy: row.answer_by,
      answeredAt: isoTime(row.answered_at),
      answerLate: isLate(row.answer_by, row.answered_on, today),
      outcomeLabel: row.outcome ? COMPLAINT_OUTCOME_LABELS[row.outcome] : null,
    })),
  };
}

/** Complaint `reference` as the console shows it, read by `actor`: audited 'complaint.read'. */
export async function consoleComplaint(
  db: Db,
  actor: StaffActor,
  reference: string,
  mediator: string,
): Promise<ConsoleComplaint> {
  const row = await requireComplaint(db, null, reference);
  const view = await complaintView(db, row);
  await recordStaffAudit(db, actor, {
    action: 'complaint.read',
    targetKind: 'complaint',
    targetId: reference,
    accountId: row.account_id,
  });
  const today = todayInParis();
  const day = (at: string | null) => (at ? todayInParis(new Date(at)) : null);
  return {
    ...view,
    customerName: `${row.first_name} ${row.last_name}`,
    customerNumber: row.customer_id,
    acknowledgementLate: isLate(view.acknowledgeBy, day(view.acknowledgedAt), today),
    answerLate: isLate(view.answerBy, day(view.answeredAt), today),
    mediatorParagraph: mediatorParagraph(mediator),
  };
}
