// The number of rows of every table of the database: what a refused request must leave as it
// was (hardening tests, fuzz test). Left out: the provider's own table (sign-ins write there)
// and the counters of attempts (a wrong current password counts as a failed sign-in, a refusal
// still counts against a rate limit), which a refused request is meant to move.
import { sql } from 'kysely';
import type { Db } from '../../src/db/client';

const COUNTERS = /^(oidc_payloads|login_throttle|sign_in_throttle|.*rate_limit.*)$/;

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    if (COUNTERS.test(table)) continue;
    const result = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}
