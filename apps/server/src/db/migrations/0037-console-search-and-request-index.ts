// The console at a broker's size (docs/console.md « Rechercher », docs/decisions/
// 0106-console-request-index-and-prefix-search.md):
// - search_fold(text): a name or e-mail as the console searches it: lower-case ASCII, accents
//   and ligatures off (é → e, Œ → oe), hyphens and apostrophes as spaces. It maps characters by
//   a fixed table (translate), never by the database's locale, so PostgreSQL and PGlite fold
//   alike; services/console/search-terms.ts folds what is typed with the same table
//   (FOLD_FROM, FOLD_TO below), and a test checks both agree on every Latin character.
// - search_code(text): a plate, customer, contract or request number as typed on the phone:
//   upper-case letters and digits only (gh-482 kl → GH482KL).
// - expression indexes (text_pattern_ops, so LIKE 'prefix%' uses them whatever the collation)
//   on the customers' names both ways, e-mails and numbers, the contracts' numbers and the
//   plates; and the customer's own requests by account.
// - request_index: one row per row of the view customer_requests (its id, reference, kind,
//   customer, contract, dates and status; `open` from the status), which the inbox filters,
//   sorts, pages and counts with indexes instead of the view's union of five tables. Row
//   triggers on every table the view reads keep it equal to the view in the writer's own
//   transaction: each change re-reads the rows it concerns from the view itself (by account,
//   so the view's branches use their indexes), so the view stays the one definition of a
//   request. Filled here from the view.
import { sql, type Kysely } from 'kysely';

/** Folded to lower-case ASCII: A–Z, the Latin letters with diacritics, then - ' ’ as spaces. */
export const FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ' +
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ' +
  'ØøŁłĐđ' +
  "-'’";
export const FOLD_TO =
  'abcdefghijklmnopqrstuvwxyz' +
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy' +
  'oolldd' +
  '   ';
/** The letters folded to two: after the table above. */
export const FOLD_LIGATURES: readonly [string, string][] = [
  ['ß', 'ss'],
  ['Œ', 'oe'],
  ['œ', 'oe'],
  ['Æ', 'ae'],
  ['æ', 'ae'],
];

const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** The statuses still being handled (contract REQUEST_STATUS_TABLE `open`), as of this migration. */
const OPEN_STATUSES = [
  'received',
  'declared',
  'in_progress',
  'awaiting_documents',
  'under_review',
  'expert_appointed',
  'in_repair',
  'settled',
];

/** The search's indexes, and the customer's own requests by account. */
const SEARCH_INDEXES = {
  accounts_search_last_first: sql`accounts (search_fold(last_name || ' ' || first_name) text_pattern_ops)`,
  accounts_search_first_last: sql`accounts (search_fold(first_name || ' ' || last_name) text_pattern_ops)`,
  accounts_search_email: sql`accounts (search_fold(email) text_pattern_ops)`,
  accounts_search_number: sql`accounts (search_code(customer_id) text_pattern_ops)`,
  policies_search_number: sql`policies (search_code(policy_number) text_pattern_ops)`,
  risks_search_plate: sql`risks (search_code(license_plate) text_pattern_ops)`,
  change_requests_account_idx: sql`change_requests (account_id)`,
  termination_requests_account_idx: sql`termination_requests (account_id)`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const folded = FOLD_LIGATURES.reduce(
    (inner, [from, to]) => sql`replace(${inner}, ${sql.lit(from)}, ${sql.lit(to)})`,
    sql`translate($1, ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)})`,
  );
  await sql`create function search_fold(text) returns text language sql immutable strict
    parallel safe as $$ select ${folded} $$`.execute(db);
  await sql`create function search_code(text) returns text language sql immutable strict
    parallel safe as $$ select regexp_replace(translate($1, ${sql.lit(LOWER)},
      ${sql.lit(LOWER.toUpperCase())}), '[^0-9A-Z]', '', 'g') $$`.execute(db);

  for (const [name, on] of Object.entries(SEARCH_INDEXES))
    await sql`create index ${sql.id(name)} on ${on}`.execute(db);

  await sql`
    create table request_index (
      id text primary key,
      reference text not null,
      kind text not null,
      account_id text not null,
      policy_number text,
      created_at timestamptz not null,
      status text not null,
      status_changed_at timestamptz not null,
      open boolean generated always as (status in (${sql.join(OPEN_STATUSES.map((s) => sql.lit(s)))})) stored
    )`.execute(db);
  const requestIndexes = {
    request_index_reference_idx: sql`(reference)`,
    request_index_reference_search_idx: sql`(search_code(reference) text_pattern_ops)`,
    request_index_account_idx: sql`(account_id, created_at)`,
    request_index_policy_idx: sql`(policy_number, created_at)`,
    request_index_created_idx: sql`(created_at, id)`,
    request_index_changed_idx: sql`(status_changed_at, id)`,
    request_index_open_created_idx: sql`(created_at, id) where open`,
    request_index_open_changed_idx: sql`(status_changed_at, id) where open`,
    request_index_open_kind_idx: sql`(kind, created_at, id) where open`,
    request_index_kind_idx: sql`(kind, created_at, id)`,
    request_index_status_idx: sql`(status, created_at, id)`,
  };
  for (const [name, columns] of Object.entries(requestIndexes))
    await sql`create index ${sql.id(name)} on request_index ${columns}`.execute(db);

  // Re-reads requests `ids` (of customers `accounts`) from the view into the index.
  await sql`
    create function request_index_sync(ids text[], accounts text[]) returns void
    language plpgsql as $$
    begin
      delete from request_index where id = any(ids);
      insert into request_index (id, reference, kind, account_id, policy_number, created_at,
                                 status, status_changed_at)
      select r.id, r.reference, r.kind, r.account_id, r.policy_number, r.created_at, r.status,
             r.status_changed_at
        from customer_requests r
       where r.account_id = any(accounts) and r.id = any(ids);
    end $$`.execute(db);
  // A source keyed by its own id and account (TG_ARGV[0]: the view's prefix of its ids).
  await sql`
    create function request_index_by_account() returns trigger language plpgsql as $$
    declare
      ids text[] := '{}';
      accounts text[] := '{}';
    begin
      if TG_OP <> 'INSERT' then
        ids := ids || (TG_ARGV[0] || old.id::text);
        accounts := accounts || old.account_id::text;
      end if;
      if TG_OP <> 'DELETE' then
        ids := ids || (TG_ARGV[0] || new.id::text);
        accounts := accounts || new.account_id::text;
      end if;
      perform request_index_sync(ids, accounts);
      return null;
    end $$`.execute(db);
  // A file the customer sent: its customer is its contract's.
  await sql`
    create function request_index_by_file() returns trigger language plpgsql as $$
    declare
      ids text[] := '{}';
      contracts text[] := '{}';
    begin
      if TG_OP <> 'INSERT' then
        ids := ids || ('file:' || old.id);
        contracts := contracts || old.policy_number;
      end if;
      if TG_OP <> 'DELETE' then
        ids := ids || ('file:' || new.id);
        contracts := contracts || new.policy_number;
      end if;
      perform request_index_sync(ids,
        array(select account_id from policies where policy_number = any(contracts)));
      return null;
    end $$`.execute(db);
  // A status the broker set (or took back).
  await sql`
    create function request_index_by_status() returns trigger language plpgsql as $$
    declare
      ids text[] := '{}';
    begin
      if TG_OP <> 'INSERT' then ids := ids || old.request_id; end if;
      if TG_OP <> 'DELETE' then ids := ids || new.request_id; end if;
      perform request_index_sync(ids,
        array(select account_id from request_index where id = any(ids)));
      return null;
    end $$`.execute(db);
  // A contract given to another customer takes the files sent on it along.
  await sql`
    create function request_index_by_contract() returns trigger language plpgsql as $$
    begin
      perform request_index_sync(
        array(select 'file:' || id from received_files where policy_number = new.policy_number),
        array[new.account_id]);
      return null;
    end $$`.execute(db);

  const REQUEST_OUTBOX = sql`('contact.phone', 'contact.mail', 'address.personal')`;
  const triggers = [
    sql`request_index_change after insert or delete or update of account_id, policy_number,
        type, created_at on change_requests for each row
        execute function request_index_by_account('change:')`,
    sql`request_index_termination after insert or delete or update of account_id,
        policy_number, status, received_at, reference on termination_requests for each row
        execute function request_index_by_account('termination:')`,
    sql`request_index_claim after insert or delete or update of account_id, policy_number,
        declared_at, reference on claim_declarations for each row
        execute function request_index_by_account('claim:')`,
    sql`request_index_outbox_new after insert on outbox for each row
        when (new.type in ${REQUEST_OUTBOX} and new.account_id is not null)
        execute function request_index_by_account('outbox:')`,
    sql`request_index_outbox_gone after delete on outbox for each row
        when (old.type in ${REQUEST_OUTBOX} and old.account_id is not null)
        execute function request_index_by_account('outbox:')`,
    sql`request_index_outbox_moved after update of account_id, type, created_at on outbox
        for each row when (old.type in ${REQUEST_OUTBOX} or new.type in ${REQUEST_OUTBOX})
        execute function request_index_by_account('outbox:')`,
    sql`request_index_file after insert or delete or update of policy_number, received_at
        on received_files for each row execute function request_index_by_file()`,
    sql`request_index_status after insert or update or delete on request_statuses
        for each row execute function request_index_by_status()`,
    sql`request_index_contract after update of account_id on policies for each row
        when (old.account_id is distinct from new.account_id)
        execute function request_index_by_contract()`,
  ];
  for (const trigger of triggers) await sql`create trigger ${trigger}`.execute(db);

  await sql`
    insert into request_index (id, reference, kind, account_id, policy_number, created_at,
                               status, status_changed_at)
    select id, reference, kind, account_id, policy_number, created_at, status, status_changed_at
      from customer_requests`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['request_index_change', 'change_requests'],
    ['request_index_termination', 'termination_requests'],
    ['request_index_claim', 'claim_declarations'],
    ['request_index_outbox_new', 'outbox'],
    ['request_index_outbox_gone', 'outbox'],
    ['request_index_outbox_moved', 'outbox'],
    ['request_index_file', 'received_files'],
    ['request_index_status', 'request_statuses'],
    ['request_index_contract', 'policies'],
  ] as const)
    await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  for (const fn of [
    'request_index_by_account',
    'request_index_by_file',
    'request_index_by_status',
    'request_index_by_contract',
    'request_index_sync',
  ])
    await sql`drop function if exists ${sql.id(fn)}`.execute(db);
  await sql`drop table if exists request_index`.execute(db);
  for (const index of Object.keys(SEARCH_INDEXES))
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  await sql`drop function if exists search_code(text)`.execute(db);
  await sql`drop function if exists search_fold(text)`.execute(db);
}
