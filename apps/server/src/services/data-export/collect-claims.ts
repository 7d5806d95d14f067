// « Mes données »: the claims declared online with what the customer wrote in them (when and
// where, circumstances, third party and witnesses, injuries, driver, theft, vehicle), and the
// declarations begun and not sent (collect.ts). The lines are the claim receipt's own
// (../claims/receipt-pdf.ts), plus what the receipt leaves out: another driver's phone and
// licence number, the e-constat reference. Read for the account only.
import type { ClaimStepAnswers, DataExportContent } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { eventRows, partyRows } from '../claims/receipt-pdf';
import { iso, rows } from './collect-rows';

type Content = DataExportContent;
type Answers = Partial<ClaimStepAnswers>;
type Line = Content['claims'][number]['declaration'][number];

/** The names of the drivers of the account's contracts, by id. */
async function driverNames(db: Db, accountId: string): Promise<Map<string, string>> {
  const drivers = await db
    .selectFrom('drivers as d')
    .innerJoin('policies as p', 'p.policy_number', 'd.policy_number')
    .select(['d.id', 'd.first_name', 'd.last_name'])
    .where('p.account_id', '=', accountId)
    .execute();
  return new Map(drivers.map((d) => [d.id, `${d.first_name} ${d.last_name}`]));
}

function declarationLines(answers: Answers, drivers: Map<string, string>): Line[] {
  const driver = answers.driver;
  let driverName: string | null = null;
  if (driver?.driver === 'other') driverName = `${driver.firstName} ${driver.lastName}`;
  if (driver?.driver === 'policy') driverName = drivers.get(driver.driverId) ?? null;
  const all = [...eventRows({ answers, driverName }), ...partyRows({ answers, driverName })];
  if (driver?.driver === 'other') {
    if (driver.phone) all.push(['Téléphone du conducteur', driver.phone]);
    if (driver.licenceNumber) all.push(['Permis du conducteur', driver.licenceNumber]);
  }
  if (answers.constat?.eConstatReference) {
    all.push(['Référence e-constat', answers.constat.eConstatReference]);
  }
  return all.map(([label, value]) => ({ label, value }));
}

export async function claims(db: Db, accountId: string): Promise<Content['claims']> {
  const [all, drivers] = await Promise.all([
    rows<{
      reference: string;
      kind: string;
      policy_number: string;
      occurred_on: string;
      declared_at: Date;
      late: boolean;
      answers: Answers;
    }>(
      db,
      sql`select reference, kind, policy_number, to_char(occurred_on, 'YYYY-MM-DD') as occurred_on,
        declared_at, late, answers
      from claim_declarations where account_id = ${accountId} order by declared_at`,
    ),
    driverNames(db, accountId),
  ]);
  return all.map((c) => ({
    reference: c.reference,
    kind: c.kind,
    policyNumber: c.policy_number,
    occurredOn: c.occurred_on,
    declaredAt: iso(c.declared_at),
    late: c.late,
    declaration: declarationLines(c.answers, drivers),
  }));
}

export async function claimDrafts(db: Db, accountId: string): Promise<Content['claimDrafts']> {
  const drafts = await db
    .selectFrom('claim_drafts')
    .select(['id', 'policy_number', 'created_at', 'updated_at', 'answers', 'typed'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  if (drafts.length === 0) return [];
  const [files, drivers] = await Promise.all([
    db
      .selectFrom('claim_files')
      .select(['draft_id', 'role', 'original_name', 'content_type', 'size'])
      .where(
        'draft_id',
        'in',
        drafts.map((d) => d.id),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    driverNames(db, accountId),
  ]);
  return drafts.map((d) => ({
    policyNumber: d.policy_number,
    startedAt: iso(d.created_at),
    updatedAt: iso(d.updated_at),
    declaration: declarationLines(d.answers, drivers),
    typed: d.typed,
    files: files
      .filter((f) => f.draft_id === d.id)
      .map((f) => ({
        role: f.role,
        fileName: f.original_name,
        contentType: f.content_type,
        size: f.size,
      })),
  }));
}
