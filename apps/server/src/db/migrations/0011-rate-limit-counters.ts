// Rate-limit counters shared by every instance (docs/decisions/0012-security-baseline.md): one row per
// counted key (route and account) and fixed window. The store of routes/rate-limit.ts increments a
// row with one upsert per counted request and reads the count back; rows whose window ended are
// swept periodically. Counting here instead of in process memory means limits hold across
// instances behind a load balancer and across restarts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The sweep deletes by end of window.
  await db.schema
    .createIndex('rate_limit_counters_expires_at')
    .on('rate_limit_counters')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
