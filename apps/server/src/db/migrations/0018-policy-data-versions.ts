// A version of each account's policy data, so that the policies read (services/
// policies.ts) can answer from the body it built last when nothing changed since, whichever
// instance or program made the change. Every row feeding that read carries an AFTER trigger that
// gives the accounts concerned a new version (a number drawn from one sequence, never reused):
// the policies themselves, their drivers, risks and guarantees, payment details, garage
// addresses, documents to provide and termination requests. The triggers are in the database,
// not in the services, so a write by the back office or by hand is seen as well as the portal's.
// No foreign key to accounts: a trigger fired by a cascade from a deleted account must not fail.
import { sql, type Kysely } from 'kysely';

/** Each table feeding the policies read, and how its rows lead to an account. */
export const POLICY_DATA_TABLES = {
  policies: ['account', 'account_id'],
  garage_addresses: ['account', 'account_id'],
  drivers: ['policy', 'policy_number'],
  risks: ['policy', 'policy_number'],
  payment_details: ['policy', 'policy_number'],
  policy_documents: ['policy', 'policy_number'],
  termination_requests: ['policy', 'policy_number'],
  guarantees: ['risk', 'risk_id'],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence policy_data_version_seq`.execute(db);
  await db.schema
    .createTable('policy_data_versions')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  // TG_ARGV: how the key leads to the account ('account', 'policy' or 'risk'), and the key's column.
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
    await sql`
      create trigger ${sql.id(`${table}_policy_data_changed`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function policy_data_changed(${sql.lit(path)}, ${sql.lit(column)})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(POLICY_DATA_TABLES))
    await sql`drop trigger if exists ${sql.id(`${table}_policy_data_changed`)} on ${sql.table(table)}`.execute(
      db,
    );
  await sql`drop function if exists policy_data_changed()`.execute(db);
  await db.schema.dropTable('policy_data_versions').ifExists().execute();
  await sql`drop sequence if exists policy_data_version_seq`.execute(db);
}
