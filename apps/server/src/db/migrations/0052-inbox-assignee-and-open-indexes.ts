// The console's inbox filtered by agent (`?agent=`) at a broker's size (bench `console`,
// docs/decisions/0124-inbox-filters-on-the-index.md):
// - request_index.assignee_id: the staff member a request is assigned to (request_assignments,
//   which stays the record of it), copied into the index by a row trigger on request_assignments
//   and by request_index_sync when it re-reads a request from the view; « nobody's » is then
//   `assignee_id is null` on the index instead of an anti-join over every request (2 s at p95);
// - indexes on the open requests in the page's order, which count them alone (an index-only scan):
//   an agent's, nobody's, by status; and an agent's of any state. The age filter (inbox.ts) reads request_index_open_kind_idx (migration 0037) through
//   one `created_at` bound per target delay.
import { sql, type Kysely } from 'kysely';

const INDEXES = {
  // request_index_open_created_idx (migration 0037), with the kind: the age filter's bounds are
  // read from the index alone.
  request_index_open_created_kind_idx: sql`(created_at, id) include (kind) where open`,
  request_index_open_assignee_idx: sql`(assignee_id, created_at, id) where open`,
  request_index_open_status_idx: sql`(status, created_at, id) where open`,
  request_index_open_unassigned_idx: sql`(created_at, id) where open and assignee_id is null`,
  request_index_assignee_idx: sql`(assignee_id, created_at, id) where assignee_id is not null`,
};

/** request_index_sync of migration 0037, the assignee read with the request. */
const syncWith = (assignee: boolean) => sql`
  create or replace function request_index_sync(ids text[], accounts text[]) returns void
  language plpgsql as $$
  begin
    delete from request_index where id = any(ids);
    insert into request_index (id, reference, kind, account_id, policy_number, created_at,
                               status, status_changed_at${sql.raw(assignee ? ', assignee_id' : '')})
    select r.id, r.reference, r.kind, r.account_id, r.policy_number, r.created_at, r.status,
           r.status_changed_at${sql.raw(assignee ? ', ra.staff_id' : '')}
      from customer_requests r
      ${sql.raw(assignee ? 'left join request_assignments ra on ra.request_id = r.id' : '')}
     where r.account_id = any(accounts) and r.id = any(ids);
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table request_index add column assignee_id text`.execute(db);
  await sql`update request_index i set assignee_id = ra.staff_id
    from request_assignments ra where ra.request_id = i.id`.execute(db);
  await syncWith(true).execute(db);
  await sql`
    create function request_index_by_assignment() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'DELETE' or (TG_OP = 'UPDATE' and old.request_id <> new.request_id) then
        update request_index set assignee_id = null where id = old.request_id;
      end if;
      if TG_OP <> 'DELETE' then
        update request_index set assignee_id = new.staff_id
         where id = new.request_id and assignee_id is distinct from new.staff_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger request_index_assignment
    after insert or update or delete on request_assignments for each row
    execute function request_index_by_assignment()`.execute(db);
  for (const [name, columns] of Object.entries(INDEXES))
    await sql`create index ${sql.id(name)} on request_index ${columns}`.execute(db);
  await sql`drop index request_index_open_created_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index request_index_open_created_idx on request_index (created_at, id)
    where open`.execute(db);
  for (const name of Object.keys(INDEXES))
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop trigger if exists request_index_assignment on request_assignments`.execute(db);
  await sql`drop function if exists request_index_by_assignment`.execute(db);
  await syncWith(false).execute(db);
  await sql`alter table request_index drop column assignee_id`.execute(db);
}
