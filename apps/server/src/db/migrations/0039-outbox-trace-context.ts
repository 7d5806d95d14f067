// The trace an outbox row belongs to (docs/operations.md « Traces »): the W3C `traceparent` of
// the request that wrote it, when traces are on, so its delivery by any instance's relay is part
// of that request's trace (platform/telemetry/trace-context.ts). Null otherwise.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('trace_context', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('trace_context').execute();
}
