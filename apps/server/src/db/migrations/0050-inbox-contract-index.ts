// The console's inbox filtered by contract (`?contract=`, any case): the index the filter
// `upper(policy_number) = …` reads, in the order of the page. Without it, a broker's million
// requests were read whole for each page (bench `console`: 6.7 s at p95).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index request_index_policy_upper_idx
    on request_index (upper(policy_number), created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index request_index_policy_upper_idx`.execute(db);
}
