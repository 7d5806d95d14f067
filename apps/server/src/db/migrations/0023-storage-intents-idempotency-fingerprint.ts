// Two crash and misuse guards.
// - storage_intents (docs/decisions/0054-storage-intents.md): the key of an object about to be
//   stored, committed before the object is written and deleted in the transaction that commits
//   the row naming it. An intent older than the grace period whose key no row names is an object
//   a killed process left: the sweep deletes the object, then the intent.
// - idempotency_keys.body_sha256 (docs/decisions/0055-idempotency-fingerprint.md): the SHA-256
//   of the request's query and body that claimed the key; the same key with another body is
//   refused (422) instead of replaying the first answer. Null for rows made before, and for
//   bodies the server streams (uploads).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_intents')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('idempotency_keys').addColumn('body_sha256', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('body_sha256').execute();
  await db.schema.dropTable('storage_intents').execute();
}
