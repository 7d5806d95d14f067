// No staff member acts as another, and the journal shows any edit
// (docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md):
// - staff_links: the single-use links mailed to a staff member to choose a password (after a
//   supervisor or the CLI reset their second factor, or to a new member): only the SHA-256 of
//   256 random bits is kept, with its expiry and when it was used (who asked for it is in the
//   journal: `staff.second_factor_reset`).
// - staff_audit becomes append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE, for
//   whoever runs them (the server's own role included, which owns the table).
// - each staff_audit row is chained to the one before: `seq` (its place, 1, 2, 3…), `prev_hash`
//   (the hash of row seq − 1; 64 zeros for the first) and `hash`, the SHA-256 of the row's
//   canonical text (staff_audit_hash: every field, length-prefixed in UTF-8 bytes, null as '~',
//   the time in UTC to the microsecond, details as jsonb's text, then prev_hash). A BEFORE
//   INSERT trigger sets them under the lock of the one-row `staff_audit_head` (the last seq and
//   hash), so inserts from several instances chain one after the other in the order they take
//   the lock; the head changes only from that trigger. The rows that exist are chained here, in
//   id order. services/staff/audit-chain.ts recomputes the chain with its own copy of the text.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) =>
      c.notNull().references('staff_accounts.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('reset', 'invitation')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('staff_links_staff_idx')
    .on('staff_links')
    .column('staff_id')
    .execute();

  await db.schema
    .alterTable('staff_audit')
    .addColumn('seq', 'bigint')
    .addColumn('prev_hash', 'text')
    .addColumn('hash', 'text')
    .execute();
  await db.schema
    .createTable('staff_audit_head')
    .addColumn('one', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`one`),
    )
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();

  await sql`
    create function staff_audit_hash(
      seq bigint, at timestamptz, staff_id text, staff_email text, action text,
      target_kind text, target_id text, account_id text, address text, user_agent text,
      details jsonb, prev_hash text
    ) returns text language sql as $$
      select encode(sha256(convert_to(
        coalesce(octet_length(seq::text)::text || ':' || seq::text, '~') ||
        coalesce(octet_length(to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text
          || ':' || to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), '~') ||
        coalesce(octet_length(staff_id)::text || ':' || staff_id, '~') ||
        coalesce(octet_length(staff_email)::text || ':' || staff_email, '~') ||
        coalesce(octet_length(action)::text || ':' || action, '~') ||
        coalesce(octet_length(target_kind)::text || ':' || target_kind, '~') ||
        coalesce(octet_length(target_id)::text || ':' || target_id, '~') ||
        coalesce(octet_length(account_id)::text || ':' || account_id, '~') ||
        coalesce(octet_length(address)::text || ':' || address, '~') ||
        coalesce(octet_length(user_agent)::text || ':' || user_agent, '~') ||
        coalesce(octet_length(details::text)::text || ':' || details::text, '~') ||
        coalesce(octet_length(prev_hash)::text || ':' || prev_hash, '~'),
        'UTF8')), 'hex')
    $$`.execute(db);

  // The rows written before this migration, chained in the order they were written.
  await sql`
    do $$
    declare
      r record;
      n bigint := 0;
      h text := repeat('0', 64);
    begin
      for r in select * from staff_audit order by id loop
        n := n + 1;
        update staff_audit set seq = n, prev_hash = h,
          hash = staff_audit_hash(n, r.at, r.staff_id, r.staff_email, r.action, r.target_kind,
            r.target_id, r.account_id, r.address, r.user_agent, r.details, h)
        where id = r.id
        returning hash into h;
      end loop;
      insert into staff_audit_head (one, seq, hash) values (true, n, h);
    end
    $$`.execute(db);
  await sql`create unique index staff_audit_seq_idx on staff_audit (seq)`.execute(db);

  await sql`
    create function staff_audit_chain() returns trigger language plpgsql as $$
    declare
      head record;
    begin
      select seq, hash into head from staff_audit_head for update;
      if not found then
        raise exception 'staff_audit_head has no row: the journal cannot be chained';
      end if;
      new.seq := head.seq + 1;
      new.prev_hash := head.hash;
      new.hash := staff_audit_hash(new.seq, new.at, new.staff_id, new.staff_email, new.action,
        new.target_kind, new.target_id, new.account_id, new.address, new.user_agent,
        new.details, new.prev_hash);
      update staff_audit_head set seq = new.seq, hash = new.hash;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger staff_audit_chain before insert on staff_audit
    for each row execute function staff_audit_chain()`.execute(db);

  await sql`
    create function staff_audit_refuse() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit is append-only: % refused', tg_op
        using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`
    create trigger staff_audit_append_only before update or delete on staff_audit
    for each row execute function staff_audit_refuse()`.execute(db);
  await sql`
    create trigger staff_audit_no_truncate before truncate on staff_audit
    for each statement execute function staff_audit_refuse()`.execute(db);

  // The head moves only under the chaining trigger (a trigger's own statement runs at depth 2).
  await sql`
    create function staff_audit_head_guard() returns trigger language plpgsql as $$
    begin
      if pg_trigger_depth() < 2 then
        raise exception 'staff_audit_head changes only with a new journal row: % refused', tg_op
          using errcode = 'insufficient_privilege';
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`
    create trigger staff_audit_head_guard before insert or update or delete on staff_audit_head
    for each row execute function staff_audit_head_guard()`.execute(db);
  await sql`
    create trigger staff_audit_head_no_truncate before truncate on staff_audit_head
    for each statement execute function staff_audit_refuse()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists staff_audit_head_no_truncate on staff_audit_head`.execute(db);
  await sql`drop trigger if exists staff_audit_head_guard on staff_audit_head`.execute(db);
  await sql`drop trigger if exists staff_audit_no_truncate on staff_audit`.execute(db);
  await sql`drop trigger if exists staff_audit_append_only on staff_audit`.execute(db);
  await sql`drop trigger if exists staff_audit_chain on staff_audit`.execute(db);
  await sql`drop function if exists staff_audit_head_guard()`.execute(db);
  await sql`drop function if exists staff_audit_refuse()`.execute(db);
  await sql`drop function if exists staff_audit_chain()`.execute(db);
  await sql`drop index if exists staff_audit_seq_idx`.execute(db);
  await sql`drop function if exists staff_audit_hash(bigint, timestamptz, text, text, text, text, text, text, text, text, jsonb, text)`.execute(
    db,
  );
  await db.schema.dropTable('staff_audit_head').ifExists().execute();
  await db.schema
    .alterTable('staff_audit')
    .dropColumn('seq')
    .dropColumn('prev_hash')
    .dropColumn('hash')
    .execute();
  await db.schema.dropTable('staff_links').ifExists().execute();
}
