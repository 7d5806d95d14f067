// The supervisors' dashboard (docs/console.md « Tableau de bord »): what is open and late now,
// per kind and status and per agent, and the last weeks' flow. Read from the request index
// (migration 0037), each figure one aggregate over the open requests or over the weeks' range
// of its date index, whatever the number of requests. « Late » is the inbox's own rule (the
// kind's target delay, CONSOLE_TARGET_HOURS: inbox.ts); a week's late requests are those
// received that week whose age, until closed or until now, passed their target. Weeks run from
// Monday, in Paris.
import {
  addDays,
  DASHBOARD_WEEKS,
  todayInParis,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type ConsoleDashboard,
  type RequestKind,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { AGE_HOURS, targetOf } from './inbox-age';

export async function consoleDashboard(
  db: Db,
  targetHours: Record<RequestKind, number>,
): Promise<ConsoleDashboard> {
  const late = sql<boolean>`${AGE_HOURS} >= ${targetOf(targetHours)}`;
  const week = sql<string>`to_char(date_trunc('week', r.created_at at time zone 'Europe/Paris'), 'YYYY-MM-DD')`;
  const closedWeek = sql<string>`to_char(date_trunc('week', r.status_changed_at at time zone 'Europe/Paris'), 'YYYY-MM-DD')`;
  const since = sql<Date>`(date_trunc('week', now() at time zone 'Europe/Paris')
    - make_interval(weeks => ${DASHBOARD_WEEKS - 1})) at time zone 'Europe/Paris'`;
  const [byStatus, byAgent, incoming, closed] = await Promise.all([
    db
      .selectFrom('request_index as r')
      .select(['r.kind', 'r.status'])
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .select(sql<string>`count(*) filter (where ${late})`.as('late'))
      .where('r.open', '=', true)
      .groupBy(['r.kind', 'r.status'])
      .execute(),
    db
      .selectFrom('request_index as r')
      .leftJoin('staff_accounts as sa', 'sa.id', 'r.assignee_id')
      .select(['sa.id', 'sa.display_name', 'sa.email'])
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .select(sql<string>`count(*) filter (where ${late})`.as('late'))
      .where('r.open', '=', true)
      .groupBy(['sa.id', 'sa.display_name', 'sa.email'])
      .orderBy('sa.display_name')
      .execute(),
    db
      .selectFrom('request_index as r')
      .select(week.as('week'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .select(sql<string>`count(*) filter (where ${late})`.as('late'))
      .where('r.created_at', '>=', since)
      .groupBy(week)
      .execute(),
    db
      .selectFrom('request_index as r')
      .select(closedWeek.as('week'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('r.open', '=', false)
      .where('r.status_changed_at', '>=', since)
      .groupBy(closedWeek)
      .execute(),
  ]);
  const kinds = new Map<RequestKind, ConsoleDashboard['openByKind'][number]>();
  for (const row of byStatus) {
    const entry = kinds.get(row.kind) ?? {
      kind: row.kind,
      kindLabel: REQUEST_KIND_LABELS[row.kind],
      open: 0,
      late: 0,
      byStatus: [],
    };
    entry.open += Number(row.n);
    entry.late += Number(row.late);
    entry.byStatus.push({
      status: row.status,
      statusLabel: REQUEST_STATUS_LABELS[row.status],
      count: Number(row.n),
    });
    kinds.set(row.kind, entry);
  }
  return {
    targetHours,
    openByKind: [...kinds.values()].sort((a, b) => b.open - a.open),
    byAgent: byAgent.map((row) => ({
      agent: row.id ? { id: row.id, displayName: row.display_name ?? '', email: row.email } : null,
      open: Number(row.n),
      late: Number(row.late),
    })),
    weeks: lastWeeks().map((weekStart) => ({
      weekStart,
      incoming: Number(incoming.find((row) => row.week === weekStart)?.n ?? 0),
      closed: Number(closed.find((row) => row.week === weekStart)?.n ?? 0),
      late: Number(incoming.find((row) => row.week === weekStart)?.late ?? 0),
    })),
  };
}

/** The Mondays (Paris) of the last DASHBOARD_WEEKS weeks, oldest first, as YYYY-MM-DD. */
function lastWeeks(): string[] {
  const today = todayInParis();
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: DASHBOARD_WEEKS }, (_, i) =>
    addDays(monday, -7 * (DASHBOARD_WEEKS - 1 - i)),
  );
}
