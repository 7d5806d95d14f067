// The staff console's inbox (docs/console.md « Boîte de réception »): every request and claim
// of every customer, read from the request index (migration 0037: the rows of the view
// customer_requests, which the customer's 'Mes demandes' reads, kept by triggers). Enforces: one
// statement for the page and one for the count, whatever the page's size, then one for the
// page's payloads; the age of each item against its kind's target delay (inbox-age.ts: an open
// item's age runs until now, a closed one's until its last status); the same summary as the customer reads (summaries.ts); open items only unless asked
// (`state=all`); the search box finds a request by its reference, its customer's name, e-mail or
// number, its contract's number or plate (search-terms.ts), each search in the journal
// (`request.search`: the words, the number found).
import {
  CONSOLE_PAGE_SIZE,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type InboxPage,
  type InboxQuery,
  type RequestKind,
} from '@espace/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { summarizeRequest } from '../requests/summaries';
import { recordStaffAudit, type StaffActor } from '../staff/audit';
import { AGE_HOURS, ageIs, ageOf, targetOf } from './inbox-age';
import { assigneeOf, cappedCount, cappedTotals, whereAll } from './inbox-pages';
import {
  accountsMatching,
  contractsMatching,
  referencesMatching,
  searchTerms,
} from './search-terms';

export interface InboxOptions {
  /** The caller, for `agent=me` and the journal. */
  actor: StaffActor;
  targetHours: Record<RequestKind, number>;
}

/** The requests the search box finds (request_index ids), as a condition on `r`. */
function searched(q: string): Expression<SqlBool> {
  const terms = searchTerms(q);
  const byAccount = sql`select i.id from request_index i
    where i.account_id in (${accountsMatching(terms)})`;
  if (!terms.code) return sql`r.id in (${byAccount})`;
  const code = { ...terms, code: terms.code };
  return sql`r.id in (${byAccount}
    union all select i.id from request_index i
      where i.policy_number in (${contractsMatching(code)})
    union all ${referencesMatching(code)})`;
}

export async function inboxPage(
  db: Db,
  query: InboxQuery,
  { actor, targetHours }: InboxOptions,
): Promise<InboxPage> {
  const staffId = actor.id;
  const target = targetOf(targetHours);
  const age = ageOf(AGE_HOURS, target);
  const where: Expression<SqlBool>[] = [];
  if (query.kind) where.push(sql`r.kind = ${query.kind}`);
  if (query.status) where.push(sql`r.status = ${query.status}`);
  if (query.state === 'open') where.push(sql`r.open`);
  if (query.age) where.push(ageIs(query.age, targetHours, { openOnly: query.state === 'open' }));
  if (query.contract) where.push(sql`upper(r.policy_number) = ${query.contract.toUpperCase()}`);
  // The assignee as the index keeps it (migration 0052), so « nobody's » is no anti-join.
  if (query.agent === 'none') where.push(sql`r.assignee_id is null`);
  else if (query.agent)
    where.push(sql`r.assignee_id = ${query.agent === 'me' ? staffId : query.agent}`);
  if (query.q) where.push(searched(query.q));
  const kept = whereAll(db.selectFrom('request_index as r'), where);
  const order = {
    oldest: [sql`r.created_at asc`, sql`r.id asc`],
    newest: [sql`r.created_at desc`, sql`r.id desc`],
    status_changed: [sql`r.status_changed_at desc`, sql`r.id desc`],
  }[query.sort];
  const [rows, count] = await Promise.all([
    // The page's items on the index alone, then their customers and assignees: 25 joins, not
    // one for every item the filters keep before the page is cut.
    db
      .selectFrom(
        kept
          .selectAll('r')
          .orderBy(sql.join(order))
          .limit(CONSOLE_PAGE_SIZE)
          .offset((query.page - 1) * CONSOLE_PAGE_SIZE)
          .as('r'),
      )
      .innerJoin('accounts as a', 'a.id', 'r.account_id')
      .leftJoin('staff_accounts as sa', 'sa.id', 'r.assignee_id')
      .select([
        'r.id',
        'r.reference',
        'r.kind',
        'r.status',
        'r.created_at',
        'r.status_changed_at',
        'r.policy_number',
        'r.account_id',
        'a.customer_id',
        'a.first_name',
        'a.last_name',
        'sa.id as assignee_id',
        'sa.display_name as assignee_name',
        'sa.email as assignee_email',
      ])
      .select([AGE_HOURS.as('age_hours'), target.as('target_hours'), age.as('age')])
      .orderBy(sql.join(order))
      .execute(),
    // On the index alone: the customer and the assignee's name are not needed to count.
    cappedCount(db, kept, query.page),
  ]);
  const payloads = await payloadsOf(db, rows);
  const totals = cappedTotals(count, query.page);
  if (query.q)
    await recordStaffAudit(db, actor, {
      action: 'request.search',
      targetKind: 'search',
      details: { q: query.q, hits: totals.total },
    });
  return {
    items: rows.map((row) => ({
      reference: row.reference,
      kind: row.kind,
      kindLabel: REQUEST_KIND_LABELS[row.kind],
      status: row.status,
      statusLabel: REQUEST_STATUS_LABELS[row.status],
      createdAt: new Date(row.created_at).toISOString(),
      statusChangedAt: new Date(row.status_changed_at).toISOString(),
      customerNumber: row.customer_id,
      customerName: `${row.first_name} ${row.last_name}`.trim(),
      policyNumber: row.policy_number,
      summary: summarizeRequest(row.kind, payloads.get(row.id) ?? {}),
      assignee: assigneeOf(row),
      ageHours: Math.round(Number(row.age_hours) * 10) / 10,
      targetHours: Number(row.target_hours),
      age: row.age,
    })),
    ...totals,
  };
}

/** What the page's requests asked, read from the view by their customers (its indexes). */
async function payloadsOf(db: Db, rows: { id: string; account_id: string }[]) {
  if (!rows.length) return new Map<string, Record<string, unknown>>();
  const found = await db
    .selectFrom('customer_requests as r')
    .select(['r.id', 'r.payload'])
    .where('r.account_id', 'in', [...new Set(rows.map((r) => r.account_id))])
    .where(
      'r.id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return new Map(found.map((row) => [row.id, row.payload]));
}
