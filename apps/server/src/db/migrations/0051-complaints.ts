// Customer complaints, « Réclamation » (ACPR recommendation 2022-R-01, docs/product/complaints.md,
// docs/decisions/0123-complaints-as-requests.md):
// - complaints: one per complaint, with its reference, subject (category), text and what the
//   customer expects, where it was written from (and the request it is about), the day received
//   in Paris and the two deadlines computed from it (contract complaintDeadlines), when it was
//   acknowledged and answered, the answer's outcome and text and its PDF's storage key;
// - complaint_files: what the customer attached, stored as the documents are;
// - customer_requests gets a complaint's row (kind 'complaint', first status 'received'), and
//   request_index follows it through the same trigger as the other sources (migration 0037).
// Everything goes with the account (on delete cascade); the stored files through their keys.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('complaints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('policy_number', 'text', (c) =>
      c.references('policies.policy_number').onDelete('set null'),
    )
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('expectation', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) =>
      c.notNull().check(sql`origin in ('contact', 'legal', 'request', 'conversation')`),
    )
    .addColumn('request_reference', 'text')
    .addColumn('conversation_id', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_on', 'date', (c) => c.notNull())
    .addColumn('acknowledge_by', 'date', (c) => c.notNull())
    .addColumn('answer_by', 'date', (c) => c.notNull())
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('accepted', 'partly', 'refused')`))
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answer_storage_key', 'text')
    .addColumn('answer_size', 'integer')
    .addCheckConstraint(
      'complaints_answer_whole',
      sql`(answered_at is null) = (outcome is null) and (outcome is null) = (answer is null)`,
    )
    .execute();
  await db.schema
    .createIndex('complaints_account_idx')
    .on('complaints')
    .columns(['account_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('complaints_open_idx')
    .on('complaints')
    .columns(['answer_by', 'id'])
    .where(sql.ref('answered_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('complaints_received_idx')
    .on('complaints')
    .columns(['received_at', 'id'])
    .execute();

  await db.schema
    .createTable('complaint_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('complaint_id', 'text', (c) =>
      c.notNull().references('complaints.id').onDelete('cascade'),
    )
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('complaint_files_complaint_idx')
    .on('complaint_files')
    .column('complaint_id')
    .execute();

  await sql`drop view customer_requests`.execute(db);
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
      union all
      select 'claim:' || c.id, 'claim', c.account_id, c.policy_number, c.summary,
             c.declared_at, c.reference, 'declared'
        from claim_declarations c
      union all
      select 'complaint:' || k.id, 'complaint', k.account_id, k.policy_number,
             jsonb_build_object('category', k.category, 'text', k.text,
               'expectation', k.expectation, 'outcome', k.outcome,
               'acknowledgeBy', to_char(k.acknowledge_by, 'YYYY-MM-DD'),
               'answerBy', to_char(k.answer_by, 'YYYY-MM-DD')),
             k.received_at, k.reference, 'received'
        from complaints k
    )
    select r.id, r.kind, r.account_id, r.policy_number, r.payload, r.created_at, r.reference,
           coalesce(s.status, r.own_status) as status, s.reason as status_reason,
           coalesce(s.updated_at, r.created_at) as status_changed_at
      from all_requests r
      left join request_statuses s on s.request_id = r.id
  `.execute(db);

  await sql`create trigger request_index_complaint after insert or delete or update of
      account_id, policy_number, received_at, reference, outcome on complaints for each row
      execute function request_index_by_account('complaint:')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists request_index_complaint on complaints`.execute(db);
  await sql`delete from request_index where kind = 'complaint'`.execute(db);
  await sql`drop view if exists customer_requests`.execute(db);
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
      union all
      select 'claim:' || c.id, 'claim', c.account_id, c.policy_number, c.summary,
             c.declared_at, c.reference, 'declared'
        from claim_declarations c
    )
    select r.id, r.kind, r.account_id, r.policy_number, r.payload, r.created_at, r.reference,
           coalesce(s.status, r.own_status) as status, s.reason as status_reason,
           coalesce(s.updated_at, r.created_at) as status_changed_at
      from all_requests r
      left join request_statuses s on s.request_id = r.id
  `.execute(db);
  await db.schema.dropTable('complaint_files').ifExists().execute();
  await db.schema.dropTable('complaints').ifExists().execute();
}
