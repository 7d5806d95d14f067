// The number of rows of every table of the database: what a refused request must leave as it
// was (hardening tests, fuzz test). Left out: the provider's own table (sign-ins write there)
// and the counters of attempts (a wrong current password counts as a failed sign-in, a refusal
// still counts against a rate limit), which a refused request is meant to move.
//
// One statement counts every table (a union of counts): the fuzz test counts before and after
// each of its generated requests, and a query per table made that a hundred round trips each.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/db/client';

const COUNTERS = /^(oidc_payloads|login_throttle|sign_in_throttle|.*rate_limit.*)$/;

/** The counting statement of each database, built from its tables once. */
const statements = new WeakMap<Db, Promise<RawBuilder<{ table_name: string; n: number }>>>();

async function countingStatement(db: Db) {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const counts = tables.rows
    .map((r) => r.table_name)
    .filter((table) => !COUNTERS.test(table))
    .map(
      (table) => sql`select ${table} as table_name, count(*)::int as n from ${sql.table(table)}`,
    );
  return sql<{ table_name: string; n: number }>`${sql.join(counts, sql` union all `)}`;
}

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = countingStatement(db)));
  const { rows } = await (await statement).execute(db);
  return Object.fromEntries(rows.map((r) => [r.table_name, r.n]));
}
