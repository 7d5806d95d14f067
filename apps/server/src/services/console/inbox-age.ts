// The age of an inbox's item against its kind's target delay (docs/console.md « Boîte de
// réception », « Messages »; CONSOLE_TARGET_HOURS), for the requests inbox, its dashboard and the
// conversations. Enforces: the age the page shows (ageOf, computed by the database) and the age
// filter agree; « bientôt en retard » past DUE_SOON_SHARE of the target. The requests' filter on
// their open items is one `created_at` bound per target delay (ageIs), which the index of the
// open requests by kind answers (docs/decisions/0124-inbox-filters-on-the-index.md), instead of
// an age computed for every open request.
import { DUE_SOON_SHARE, type InboxAge, type RequestKind } from '@espace/contract';
import { sql, type Expression, type SqlBool } from 'kysely';

/** The target delay in hours of the kind `kind` (`otherwise` for none or an unknown one). */
export function targetOf(
  targetHours: Record<RequestKind, number>,
  kind: Expression<string | null> = sql`r.kind`,
  otherwise?: number,
) {
  const cases = Object.entries(targetHours).map(
    ([name, hours]) => sql`when ${sql.lit(name)} then ${sql.lit(hours)}::float8`,
  );
  const rest = otherwise === undefined ? sql`` : sql`else ${sql.lit(otherwise)}::float8`;
  return sql<number>`(case ${kind} ${sql.join(cases, sql` `)} ${rest} end)`;
}

/** A request's hours since it was received: until now while open, until its last status once closed. */
export const AGE_HOURS = sql<number>`(extract(epoch from (
  case when r.open then now() else r.status_changed_at end - r.created_at)) / 3600)`;

/** The age of `ageHours` against `target` (null when `ageHours` is). */
export function ageOf<T extends number | null>(
  ageHours: Expression<T>,
  target: Expression<number>,
) {
  return sql<T extends number ? InboxAge : InboxAge | null>`(case
    when ${ageHours} is null then null
    when ${ageHours} >= ${target} then 'overdue'
    when ${ageHours} >= ${target} * ${sql.lit(DUE_SOON_SHARE)} then 'due_soon'
    else 'on_time' end)`;
}

/** `now()` less `hours`. */
const hoursAgo = (hours: number) => sql`(now() - make_interval(secs => ${sql.lit(hours * 3600)}))`;

/**
 * The open requests of age `age` (ageOf(AGE_HOURS, …) = age), as bounds on `r.created_at`: one
 * per target delay, over the kinds that have it, and one over all (the sooner the bound, the
 * shorter the index's range).
 */
function openAgeIs(age: InboxAge, targetHours: Record<RequestKind, number>) {
  const kindsOf = new Map<number, string[]>();
  for (const [kind, hours] of Object.entries(targetHours))
    kindsOf.set(hours, [...(kindsOf.get(hours) ?? []), kind]);
  const bounds = (hours: number) => {
    const overdue = sql`r.created_at <= ${hoursAgo(hours)}`;
    const soon = sql`r.created_at <= ${hoursAgo(hours * DUE_SOON_SHARE)}`;
    const notSoon = sql`r.created_at > ${hoursAgo(hours * DUE_SOON_SHARE)}`;
    if (age === 'overdue') return overdue;
    if (age === 'on_time') return notSoon;
    return sql`${soon} and r.created_at > ${hoursAgo(hours)}`;
  };
  const all = [...kindsOf.keys()];
  const perDelay = [...kindsOf].map(
    ([hours, kinds]) =>
      sql`(r.kind in (${sql.join(kinds.map((k) => sql.lit(k)))}) and ${bounds(hours)})`,
  );
  const widest =
    age === 'overdue'
      ? bounds(Math.min(...all))
      : age === 'on_time'
        ? bounds(Math.max(...all))
        : sql`r.created_at <= ${hoursAgo(Math.min(...all) * DUE_SOON_SHARE)}
            and r.created_at > ${hoursAgo(Math.max(...all))}`;
  return sql<SqlBool>`(${widest} and (${sql.join(perDelay, sql` or `)}))`;
}

/** The requests of age `age`: the open ones by openAgeIs, the closed ones (with `all`) computed. */
export function ageIs(
  age: InboxAge,
  targetHours: Record<RequestKind, number>,
  { openOnly }: { openOnly: boolean },
): Expression<SqlBool> {
  const open = sql<SqlBool>`(r.open and ${openAgeIs(age, targetHours)})`;
  if (openOnly) return open;
  const closed = ageOf(AGE_HOURS, targetOf(targetHours));
  return sql<SqlBool>`(${open} or (not r.open and ${closed} = ${age}))`;
}
