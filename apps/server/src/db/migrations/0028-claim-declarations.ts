// Claims declared online (docs/product/claims.md). The existing `claims` table is the history the
// relevé d'informations prints; these are the customer's declarations:
// - claim_drafts: a declaration being filled in, one JSON object of answers per step, resumed on
//   any device; purged once untouched for the configured time (services/claims/purge-drafts.ts);
// - claim_declarations: a sent claim, with its reference, its answers as sent, the deadline it
//   was declared against, its PDF receipt (a downloadable document of the policy) and the short
//   summary 'Mes demandes' prints; the broker's back office reads these rows;
// - claim_files: photos and constat files, attached to a draft, then to the claim it became;
// - customer_requests gets a claim's row, whose first status is 'declared'.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claim_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('claim_drafts_account_idx')
    .on('claim_drafts')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('claim_drafts_updated_idx')
    .on('claim_drafts')
    .column('updated_at')
    .execute();

  await db.schema
    .createTable('claim_declarations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'jsonb', (c) => c.notNull())
    .addColumn('occurred_on', 'date', (c) => c.notNull())
    .addColumn('declared_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deadline', 'jsonb')
    .addColumn('late', 'boolean', (c) => c.notNull())
    .addColumn('receipt_document_id', 'text', (c) =>
      c.notNull().references('downloadable_documents.id'),
    )
    .execute();
  await db.schema
    .createIndex('claim_declarations_account_idx')
    .on('claim_declarations')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('claim_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('draft_id', 'text', (c) => c.references('claim_drafts.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.references('claim_declarations.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('photo', 'constat')`))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('claim_files_one_owner', sql`(draft_id is null) <> (claim_id is null)`)
    .execute();
  await db.schema
    .createIndex('claim_files_draft_idx')
    .on('claim_files')
    .column('draft_id')
    .execute();
  await db.schema
    .createIndex('claim_files_claim_idx')
    .on('claim_files')
    .column('claim_id')
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
  await db.schema.dropTable('claim_files').ifExists().execute();
  await db.schema.dropTable('claim_declarations').ifExists().execute();
  await db.schema.dropTable('claim_drafts').ifExists().execute();
}
