// Events for the broker and statuses back (docs/integration.md « Événements »,
// docs/decisions/0080-events-from-the-outbox.md).
// - events: one row per thing the broker must act on (a request, a status it set, an erasure, a
//   consent change), written in the transaction of the request itself. `position` is the pull
//   feed's cursor, given once the row is committed, in the order rows are found committed
//   (services/events/feed.ts), so a reader never skips a row that committed late with a smaller
//   `id`. `event_id` is what every delivery of the event carries (the Standard Webhooks
//   `webhook-id`).
// - event_subscriptions: where events are pushed: webhook endpoints (declared by configuration
//   or the API, each with its own secret, the previous one kept for a while after a rotation) and
//   the message broker (AMQP, by configuration). An event written while a subscription is active
//   gets one outbox row per subscription (channel 'webhook' or 'amqp'), delivered by the relay.
// - request_statuses / request_status_history: the statuses of the status API (awaiting
//   documents, the claim's own steps), a message the customer reads with any status and the
//   details some statuses carry (the document awaited, the expert, the garage, the settlement).
// - policy_documents.request_id: a document the broker asked for while handling a request.
import { sql, type Kysely } from 'kysely';

const STATUSES = sql`('received', 'declared', 'in_progress', 'awaiting_documents', 'done',
  'refused', 'under_review', 'expert_appointed', 'in_repair', 'settled', 'closed')`;
const OLD_STATUSES = sql`('received', 'in_progress', 'done', 'refused')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create sequence events_position_seq`.execute(db);
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
  await db.schema.createIndex('events_request_idx').on('events').column('request_id').execute();

  await db.schema
    .createTable('event_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('webhook', 'amqp')`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('secret', 'text')
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'timestamptz')
    .addColumn('event_types', sql`text[]`)
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('config', 'api')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('disabled_at', 'timestamptz')
    .execute();

  await sql`alter table outbox add column event_id bigint references events(id) on delete cascade`.execute(
    db,
  );
  await db.schema.createIndex('outbox_event_idx').on('outbox').column('event_id').execute();

  for (const table of ['request_statuses', 'request_status_history']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.raw(`${table}_status_check`)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_status_check`)}
      check (status in ${STATUSES})`.execute(db);
    await sql`alter table ${sql.table(table)} add column message text, add column details jsonb`.execute(
      db,
    );
  }
  await sql`alter table request_status_history add column actor text`.execute(db);
  await sql`alter table policy_documents add column request_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table policy_documents drop column if exists request_id`.execute(db);
  await sql`alter table request_status_history drop column if exists actor`.execute(db);
  for (const table of ['request_statuses', 'request_status_history']) {
    await sql`alter table ${sql.table(table)} drop column if exists message, drop column if exists details`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.raw(`${table}_status_check`)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_status_check`)}
      check (status in ${OLD_STATUSES})`.execute(db);
  }
  await sql`alter table outbox drop column if exists event_id`.execute(db);
  await db.schema.dropTable('event_subscriptions').ifExists().execute();
  await db.schema.dropTable('events').ifExists().execute();
  await sql`drop sequence if exists events_position_seq`.execute(db);
}
