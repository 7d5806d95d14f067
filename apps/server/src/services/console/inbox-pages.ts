// What the console's two inboxes (inbox.ts: the requests; console-conversations.ts: the
// « Messages ») share. Enforces: the items are counted up to INBOX_COUNT_CAP (or the page asked,
// if further) and no further, so a broker's half a million open requests are not counted for
// every page (bench `console`); past it, `totalIsCapped`, and the pages go on while there are
// items (contract CappedPage); an item's assignee is their id, name and e-mail, or null; an item is
// assigned to an enabled staff member only (else 400 naming `staffId`), or to none.
import { CONSOLE_PAGE_SIZE, INBOX_COUNT_CAP } from '@espace/contract';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { InvalidInputError } from '../errors';

/** `query` kept by every condition of `where`. */
export const whereAll = <Q extends { where(condition: Expression<SqlBool>): Q }>(
  query: Q,
  where: Expression<SqlBool>[],
) => where.reduce((scoped, condition) => scoped.where(condition), query);

/** How far page `page` is counted. */
export const countLimitOf = (page: number) => Math.max(INBOX_COUNT_CAP, page * CONSOLE_PAGE_SIZE);

/**
 * The rows `kept` finds (a select with its filters and no columns), counted up to
 * countLimitOf(page) + 1: the scan stops once past the limit.
 */
export async function cappedCount<D, From extends keyof D, Row>(
  db: Db,
  kept: SelectQueryBuilder<D, From, Row>,
  page: number,
): Promise<number> {
  const limited = kept.select(sql<number>`1`.as('one')).limit(countLimitOf(page) + 1);
  const { n } = await db
    .selectFrom(limited.as('k'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The page's total, its pages and whether more follow, from cappedCount's `count`. */
export function cappedTotals(count: number, page: number) {
  const limit = countLimitOf(page);
  const total = Math.min(count, limit);
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / CONSOLE_PAGE_SIZE)),
    total,
    totalIsCapped: count > limit,
  };
}

/** The assignee of a row joined to staff_accounts (`assignee_id`, `_name`, `_email`). */
export function assigneeOf(row: {
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
}) {
  return row.assignee_id === null
    ? null
    : {
        id: row.assignee_id,
        displayName: row.assignee_name ?? '',
        email: row.assignee_email ?? '',
      };
}

/** The enabled staff member `staffId` (undefined for null), or 400 with `unknown` naming `staffId`. */
export async function assigneeToBe(db: Db, staffId: string | null, unknown: string) {
  if (staffId === null) return undefined;
  const staff = await db
    .selectFrom('staff_accounts')
    .select(['id', 'display_name'])
    .where('id', '=', staffId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!staff) throw new InvalidInputError(unknown, { staffId: unknown });
  return staff;
}
