// The staff audit log as supervisors read it (docs/console.md « Journal »): a page of it and
// the whole of it as CSV, with the same filters (staff member by id or e-mail, customer number,
// dates from and to, inclusive, as Paris days). Enforces: newest first; the CSV is read in
// batches by key (never the whole table in memory), begins with a UTF-8 BOM and a header row,
// separates with ';' (French Excel's default) and quotes every cell, a cell starting with = + -
// @ or a control character prefixed with ' so a spreadsheet never runs it as a formula. The
// page names each member by their account's name, says what was done in a line (a status
// change « Reçue → Traitée : message », an assignment « Non attribuée → Léa Martin ») and what
// it was about, never a raw id (a conversation by its subject: audit-targets.ts).
import {
  AUDIT_CSV_COLUMNS,
  DOCUMENT_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  type DocumentStatus,
  type RequestStatus,
  type StaffName,
  auditActionLabel,
  CONSOLE_PAGE_SIZE,
  isIsoDate,
  type AuditEntry,
  type AuditPage,
} from '@espace/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { InvalidInputError } from '../errors';
import { staffNames } from '../staff/staff-names';
import { conversationSubjects, staffIdsOf, targetLabel } from './audit-targets';

export interface AuditFilters {
  staff?: string | undefined;
  customer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const BAD_DATE = 'Date attendue au format AAAA-MM-JJ.';

function conditions(filters: AuditFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  for (const key of ['from', 'to'] as const) {
    const value = filters[key];
    if (value !== undefined && !isIsoDate(value))
      throw new InvalidInputError(BAD_DATE, { [key]: BAD_DATE });
  }
  if (filters.staff)
    where.push(
      sql`(l.staff_id = ${filters.staff} or lower(l.staff_email) = lower(${filters.staff}))`,
    );
  if (filters.customer) where.push(sql`a.customer_id = ${filters.customer}`);
  if (filters.from)
    where.push(sql`l.at >= (${filters.from}::date)::timestamp at time zone 'Europe/Paris'`);
  if (filters.to)
    where.push(sql`l.at < (${filters.to}::date + 1)::timestamp at time zone 'Europe/Paris'`);
  return where;
}

function filtered(db: Db, filters: AuditFilters) {
  return db
    .selectFrom('staff_audit as l')
    .leftJoin('accounts as a', 'a.id', 'l.account_id')
    .leftJoin('staff_accounts as s', 's.id', 'l.staff_id')
    .$call((qb) => conditions(filters).reduce((scoped, c) => scoped.where(c), qb));
}

const COLUMNS = [
  'l.id',
  'l.at',
  'l.staff_id',
  'l.staff_email',
  'l.action',
  'l.target_kind',
  'l.target_id',
  'a.customer_id',
  'l.address',
  'l.user_agent',
  'l.details',
  's.display_name',
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const selectRows = (db: Db, filters: AuditFilters) => filtered(db, filters).select(COLUMNS);

const NBSP = '\u00a0';
type Details = Record<string, unknown>;
const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** What an entry did, in a line of French, from its details (`names`: the staff it names). */
function summaryOf(action: string, details: Details | null, names: Map<string, StaffName>) {
  if (!details) return null;
  const staff = (id: unknown) =>
    typeof id === 'string' ? (names.get(id)?.displayName ?? id) : 'Non attribuée';
  switch (action) {
    case 'request.status_changed': {
      const from = REQUEST_STATUS_LABELS[details.from as RequestStatus] ?? textOf(details.from);
      const to = REQUEST_STATUS_LABELS[details.to as RequestStatus] ?? textOf(details.to);
      const message = textOf(details.message);
      return `${from} → ${to}${message ? `${NBSP}: «${NBSP}${message}${NBSP}»` : ''}`;
    }
    case 'request.assigned':
      return `${staff(details.from)} → ${staff(details.to)}`;
    case 'document.checked': {
      const label = DOCUMENT_STATUS_LABELS[details.status as DocumentStatus] ?? '';
      const reason = textOf(details.reason);
      return reason ? `${label}${NBSP}: «${NBSP}${reason}${NBSP}»` : label;
    }
    case 'customer.search':
    case 'request.search':
      return `«${NBSP}${textOf(details.q) ?? ''}${NBSP}»${NBSP}: ${String(details.hits)} résultat(s)`;
    default:
      return null;
  }
}

function toEntry(
  row: Row,
  names: Map<string, StaffName> = new Map(),
  conversations: Map<string, string> = new Map(),
): AuditEntry {
  const details = (row.details as Details | null) ?? null;
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    staffId: row.staff_id,
    staffEmail: row.staff_email,
    staffName: row.display_name,
    summary: summaryOf(row.action, details, names),
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    targetKind: row.target_kind,
    targetId: row.target_id,
    targetLabel: targetLabel(row, names, conversations),
    customerNumber: row.customer_id,
    address: row.address,
    userAgent: row.user_agent,
    details,
  };
}

export async function auditPage(db: Db, filters: AuditFilters, page: number): Promise<AuditPage> {
  const [rows, count] = await Promise.all([
    selectRows(db, filters)
      .orderBy('l.id', 'desc')
      .limit(CONSOLE_PAGE_SIZE)
      .offset((page - 1) * CONSOLE_PAGE_SIZE)
      .execute(),
    // The whole journal's size is its chain's last seq (append-only: no row is ever deleted),
    // read in one row whatever the size; a filtered count uses the filter's index.
    conditions(filters).length === 0
      ? db
          .selectFrom('staff_audit_head')
          .select(sql<string>`seq::text`.as('n'))
          .executeTakeFirst()
          .then((head) => head ?? { n: '0' })
      : filtered(db, filters)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  const [names, conversations] = await Promise.all([
    staffNames(db, staffIdsOf(rows)),
    conversationSubjects(db, rows),
  ]);
  return {
    items: rows.map((row) => toEntry(row, names, conversations)),
    page,
    pageCount: Math.max(1, Math.ceil(total / CONSOLE_PAGE_SIZE)),
    total,
  };
}

const CSV_BATCH = 500;

function cell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const line = (cells: (string | null)[]) => `${cells.map(cell).join(';')}\r\n`;

/** The CSV text of the filtered log, newest first, in batches: for a streamed answer. */
export async function* auditCsv(db: Db, filters: AuditFilters): AsyncGenerator<string> {
  conditions(filters); // refuses a bad date before the first byte
  yield `\ufeff${line([...AUDIT_CSV_COLUMNS])}`;
  let before: string | undefined;
  for (;;) {
    const rows = await selectRows(db, filters)
      .$if(before !== undefined, (qb) => qb.where('l.id', '<', before!))
      .orderBy('l.id', 'desc')
      .limit(CSV_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows
      .map((row) => toEntry(row))
      .map((e) =>
        line([
          e.at,
          e.staffEmail,
          e.actionLabel,
          e.action,
          e.targetKind,
          e.targetId,
          e.customerNumber,
          e.address,
          e.userAgent,
          e.details && JSON.stringify(e.details),
        ]),
      )
      .join('');
    before = String(rows.at(-1)!.id);
  }
}
