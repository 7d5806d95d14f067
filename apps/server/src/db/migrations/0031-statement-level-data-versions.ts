// The policy-data versions of migration 0018 (docs/decisions/0020, 0068), given once a statement
// instead of once a row. The bulk import writes a batch with one multi-row statement per table
// (docs/decisions/0076-bulk-import.md « Set-based batches »), and on PGlite the row triggers,
// a lookup and an upsert of `policy_data_versions` for each row, had become most of its time.
// Here each of the 8 tables carries three AFTER … FOR EACH STATEMENT triggers, one per event
// (PostgreSQL allows transition tables only on a trigger with one event), that read the
// statement's old and new rows (REFERENCING OLD TABLE / NEW TABLE) and give every account they
// lead to, by the same paths (account, policy, risk), one new version. The result is the one of
// 0018: an account concerned by a row of the statement gets a new version, one no row concerns
// keeps its own (a statement touching no row changes nothing). Like 0018's, the triggers fire
// at the end of the statement, so a key leading nowhere any more (a risk's guarantees deleted
// by a cascade from the risk) concerns no account, the deleted parent's own trigger does.
// `down` restores 0018's row triggers and their function as they were.
import { sql, type Kysely } from 'kysely';
import { POLICY_DATA_TABLES } from './0018-policy-data-versions';

const EVENTS = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
} as const;

// Named like 0018's (`<table>_…_policy_data_changed`), which tests look for.
const statementTrigger = (table: string, event: string) => `${table}_${event}_policy_data_changed`;
const rowTrigger = (table: string) => `${table}_policy_data_changed`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // TG_ARGV as in 0018: how the key leads to the account, and the key's column. The rows'
  // keys are read by dynamic SQL, as only the event's transition tables exist.
  await sql`
    create function policy_data_changed_by_statement() returns trigger language plpgsql as $$
    declare
      keys text[];
      accounts text[];
    begin
      execute format(case TG_OP
          when 'INSERT' then 'select array_agg(distinct %1$I::text) from new_rows'
          when 'DELETE' then 'select array_agg(distinct %1$I::text) from old_rows'
          else 'select array_agg(distinct k::text) from (select %1$I as k from old_rows
                union select %1$I from new_rows) changed'
        end, TG_ARGV[1]) into keys;
      if TG_ARGV[0] = 'account' then
        accounts := keys;
      elsif TG_ARGV[0] = 'policy' then
        select array_agg(distinct account_id) into accounts
        from policies where policy_number = any(keys);
      else
        select array_agg(distinct p.account_id) into accounts
        from risks r join policies p on p.policy_number = r.policy_number
        where r.id = any(keys::integer[]);
      end if;
      insert into policy_data_versions (account_id, version)
      select account_id, nextval('policy_data_version_seq')
      from (select distinct a as account_id from unnest(accounts) a where a is not null) changed
      on conflict (account_id) do update set version = excluded.version;
      return null;
    end
    $$`.execute(db);
  for (const [table, [path, column]] of Object.entries(POLICY_DATA_TABLES)) {
    await sql`drop trigger ${sql.id(rowTrigger(table))} on ${sql.table(table)}`.execute(db);
    for (const [event, referencing] of Object.entries(EVENTS))
      await sql`
        create trigger ${sql.id(statementTrigger(table, event))}
        after ${sql.raw(event)} on ${sql.table(table)} ${sql.raw(referencing)}
        for each statement
        execute function policy_data_changed_by_statement(${sql.lit(path)}, ${sql.lit(column)})
      `.execute(db);
  }
  await sql`drop function policy_data_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // 0018's function, word for word.
  await sql`
    create function policy_data_changed() returns trigger language plpgsql as $$
    declare
      keys text[] := array[to_jsonb(OLD) ->> TG_ARGV[1], to_jsonb(NEW) ->> TG_ARGV[1]];
      accounts text[];
    begin
      if TG_ARGV[0] = 'account' then
        accounts := keys;
      elsif TG_ARGV[0] = 'policy' then
        select array_agg(account_id) into accounts from policies where policy_number = any(keys);
      else
        select array_agg(p.account_id) into accounts
        from risks r join policies p on p.policy_number = r.policy_number
        where r.id = any(keys::integer[]);
      end if;
      insert into policy_data_versions (account_id, version)
      select account_id, nextval('policy_data_version_seq')
      from (select distinct a as account_id from unnest(accounts) a where a is not null) changed
      on conflict (account_id) do update set version = excluded.version;
      return null;
    end
    $$`.execute(db);
  for (const [table, [path, column]] of Object.entries(POLICY_DATA_TABLES)) {
    for (const event of Object.keys(EVENTS))
      await sql`drop trigger if exists ${sql.id(statementTrigger(table, event))} on ${sql.table(table)}`.execute(
        db,
      );
    await sql`
      create trigger ${sql.id(rowTrigger(table))}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function policy_data_changed(${sql.lit(path)}, ${sql.lit(column)})
    `.execute(db);
  }
  await sql`drop function if exists policy_data_changed_by_statement()`.execute(db);
}
