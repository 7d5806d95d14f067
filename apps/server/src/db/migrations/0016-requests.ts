// 'Mes demandes': every request a customer made, read from one place.
// - customer_requests: a view over the tables the write routes already feed (change_requests,
//   the customer-service rows of outbox, termination_requests, received_files), one row per
//   request with a stable id '<source>:<row id>', its kind, account, policy, payload, date,
//   reference and current status. The write routes do not know the view exists.
// - request_statuses: the broker's side: the current status of a request ('received',
//   'in_progress', 'done', 'refused' with a reason); no row means 'received' (a termination
//   request's own status column maps 'processed' → 'done', 'rejected' → 'refused').
// - request_status_history: every status the broker set, timestamped (services/requests).
// The outbox gets an index on its account, which the view is filtered by.
import { sql, type Kysely } from 'kysely';

const STATUSES = sql`('received', 'in_progress', 'done', 'refused')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_statuses')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${STATUSES}`))
    .addColumn('reason', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'request_statuses_refusal_reason',
      sql`(status = 'refused') = (reason is not null)`,
    )
    .execute();
  await db.schema
    .createTable('request_status_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${STATUSES}`))
    .addColumn('reason', 'text')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('request_status_history_request_idx')
    .on('request_status_history')
    .columns(['request_id', 'recorded_at'])
    .execute();
  await db.schema.createIndex('outbox_account_idx').on('outbox').column('account_id').execute();

  await sql`
    create view customer_requests as
    with all_requests as (
      select 'change:' || cr.id as id, cr.type as kind, cr.account_id, cr.policy_number,
             cr.payload, cr.created_at, 'DEM-' || upper(substr(md5(cr.id), 1, 8)) as reference,
             'received' as own_status
        from change_requests cr
      union all
      select 'outbox:' || o.id,
             case o.type when 'contact.phone' then 'call_back'
                         when 'contact.mail' then 'email_message'
                         else 'personal_address' end,
             o.account_id, null, o.payload, o.created_at,
             'DEM-' || upper(substr(md5('outbox:' || o.id), 1, 8)), 'received'
        from outbox o
       where o.type in ('contact.phone', 'contact.mail', 'address.personal')
         and o.account_id is not null
      union all
      select 'termination:' || tr.id, 'termination', tr.account_id, tr.policy_number,
             tr.payload || jsonb_build_object('reason', tr.reason,
               'effectiveDate', to_char(tr.effective_date, 'YYYY-MM-DD'), 'effect', tr.effect),
             tr.received_at, tr.reference,
             case tr.status when 'processed' then 'done' when 'rejected' then 'refused'
                            else 'received' end
        from termination_requests tr
      union all
      select 'file:' || rf.id, 'documents', p.account_id, rf.policy_number,
             jsonb_build_object('fileName', rf.original_name, 'fileType', rf.file_type,
               'documentName', pd.name),
             rf.received_at, 'DEM-' || upper(substr(md5(rf.id), 1, 8)), 'received'
        from received_files rf
        join policies p on p.policy_number = rf.policy_number
        left join policy_documents pd on pd.id = rf.policy_document_id
    )
    select r.id, r.kind, r.account_id, r.policy_number, r.payload, r.created_at, r.reference,
           coalesce(s.status, r.own_status) as status, s.reason as status_reason,
           coalesce(s.updated_at, r.created_at) as status_changed_at
      from all_requests r
      left join request_statuses s on s.request_id = r.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view if exists customer_requests`.execute(db);
  await db.schema.dropIndex('outbox_account_idx').ifExists().execute();
  await db.schema.dropTable('request_status_history').ifExists().execute();
  await db.schema.dropTable('request_statuses').ifExists().execute();
}
