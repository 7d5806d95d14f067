// A complaint's acknowledgement is due within « dix jours ouvrables » (ACPR recommendation
// 2022-R-01, docs/product/complaints.md, docs/decisions/0129-complaints-count-jours-ouvrables.md):
// every day but Sundays and public holidays. The complaints filed before this migration had their
// `acknowledge_by` computed in jours ouvrés (Monday to Friday), up to six days later than the
// rule. Every complaint's is recomputed from its `received_on`, answered ones included: the stored
// day is the rule applied to the day of receipt, and the console, 'Mes demandes' and the register's
// lateness must judge every complaint against the rule, not against the earlier misreading of it.
// `answer_by` (two calendar months) was right and is left alone. The count is written here with
// its own number (10), not through complaintDeadlines, so that a later change of the contract's
// rule needs its own migration. `down` puts back the jours ouvrés count.
import { addJoursOuvrables, addWorkingDays } from '@espace/contract';
import { sql, type Kysely } from 'kysely';

const ACKNOWLEDGEMENT_DAYS = 10;

async function recompute(db: Kysely<unknown>, lastDay: (receivedOn: string) => string) {
  const { rows } = await sql<{ id: string; received_on: string; acknowledge_by: string }>`
    select id, to_char(received_on, 'YYYY-MM-DD') as received_on,
           to_char(acknowledge_by, 'YYYY-MM-DD') as acknowledge_by
      from complaints`.execute(db);
  const changed = rows
    .map((row) => ({ id: row.id, old: row.acknowledge_by, day: lastDay(row.received_on) }))
    .filter((row) => row.day !== row.old)
    .map(({ id, day }) => ({ id, day }));
  // A broker's complaints are hundreds a year: one statement per thousand rows.
  for (let start = 0; start < changed.length; start += 1000) {
    const chunk = JSON.stringify(changed.slice(start, start + 1000));
    await sql`
      update complaints k set acknowledge_by = (v.value->>'day')::date
        from jsonb_array_elements(${chunk}::jsonb) v
       where k.id = v.value->>'id'`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recompute(db, (receivedOn) => addJoursOuvrables(receivedOn, ACKNOWLEDGEMENT_DAYS));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recompute(db, (receivedOn) => addWorkingDays(receivedOn, ACKNOWLEDGEMENT_DAYS));
}
