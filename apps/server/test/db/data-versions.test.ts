// The policy-data versions (migrations 0018 and 0031, docs/decisions/0020): an insert, an update
// or a delete of a row of any table feeding the policies read gives the account it leads to a
// new version, and no other account one; one multi-row statement touching two accounts gives
// both a new version, and a statement touching no row gives none. Written in SQL, as the
// back office or the bulk import (docs/decisions/0076-bulk-import.md) would.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_DATA_TABLES } from '../../src/db/migrations/0018-policy-data-versions';
import { down, up } from '../../src/db/migrations/0031-statement-level-data-versions';
import { BACKENDS } from '../support/backends';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** A policy of the demo data, whose account gets the copies; a spare policy holds their rows. */
const NUMBER = 'AU2026104512';
const SPARE = 'DV-SPARE';

/** Each table's key, and whether the table numbers it itself (serial). */
const KEYS: Record<keyof typeof POLICY_DATA_TABLES, [string, 'text' | 'serial']> = {
  policies: ['policy_number', 'text'],
  garage_addresses: ['id', 'text'],
  drivers: ['id', 'text'],
  risks: ['id', 'serial'],
  payment_details: ['id', 'text'],
  policy_documents: ['id', 'serial'],
  termination_requests: ['id', 'text'],
  guarantees: ['id', 'serial'],
};

describe.each(BACKENDS)('policy-data versions on %s', (backend) => {
  let database: TestDatabase;
  let account: string;
  let other: string;
  let otherPolicy: string;
  let spareRisk: number;
  const run = <T>(query: RawBuilder<T>) => query.execute(database.handle.db);

  async function versions(): Promise<Map<string, string>> {
    const { rows } = await run(sql<{ account_id: string; version: string }>`
      select account_id, version::text from policy_data_versions`);
    return new Map(rows.map((r) => [r.account_id, r.version]));
  }

  /** The accounts whose version the statement changed. */
  async function versionedBy(statement: RawBuilder<unknown>): Promise<string[]> {
    const before = await versions();
    await run(statement);
    const after = await versions();
    return [...after].filter(([a, v]) => before.get(a) !== v).map(([a]) => a);
  }

  /** A copy of one row of `table` with other values for the given columns. */
  function copyOf(table: string, columns: Record<string, unknown>, where: RawBuilder<unknown>) {
    return sql`insert into ${sql.table(table)}
      select (jsonb_populate_record(null::${sql.table(table)},
        to_jsonb(s) || ${JSON.stringify(columns)}::jsonb)).*
      from ${sql.table(table)} s where ${where} limit 1`;
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const { rows } = await run(sql<{ account_id: string }>`
      select account_id from policies where policy_number = ${NUMBER}`);
    account = rows[0]!.account_id;
    const others = await run(sql<{ account_id: string; policy_number: string }>`
      select account_id, policy_number from policies where account_id <> ${account}
      order by policy_number limit 1`);
    [other, otherPolicy] = [others.rows[0]!.account_id, others.rows[0]!.policy_number];
    await run(copyOf('policies', { policy_number: SPARE }, sql`policy_number = ${NUMBER}`));
    const risk = await run(sql<{ id: number }>`
      insert into risks (policy_number, license_plate, manufacturer, model, guarantee_formula)
      values (${SPARE}, 'AA-001-AA', 'Renault', 'Clio', 'Tous risques') returning id`);
    spareRisk = risk.rows[0]!.id;
  });
  afterAll(() => database.drop());

  /** The columns a copy of a `table` row takes: a new key, and the spare policy or risk. */
  async function copyColumns(table: keyof typeof KEYS): Promise<Record<string, unknown>> {
    const [key, kind] = KEYS[table];
    const columns: Record<string, unknown> = { [key]: `DV-${table}` };
    if (kind === 'serial') {
      const { rows } = await run(sql<{ next: number }>`
        select coalesce(max(${sql.ref(key)}), 0) + 1000 as next from ${sql.table(table)}`);
      columns[key] = Number(rows[0]!.next);
    }
    const [path, column] = POLICY_DATA_TABLES[table];
    if (path === 'account') columns[column] = account;
    if (path === 'policy') columns[column] = SPARE;
    if (path === 'risk') columns[column] = spareRisk;
    if (table === 'termination_requests') columns.reference = 'RES-DATA-VERSIONS';
    return columns;
  }

  async function aRowOf(table: string): Promise<RawBuilder<unknown>> {
    if (table !== 'termination_requests') return sql`true`;
    // The demo data holds no termination request: one is written for the spare policy first.
    await run(sql`insert into termination_requests (id, reference, policy_number, account_id,
        reason, payload, received_at, effective_date, effect, basis, receipt_document_id)
      select 'data-versions-source', 'RES-DATA-VERSIONS-0', ${SPARE}, ${account}, 1, '{}',
        '2026-11-20T09:30:00Z', '2026-12-20', 'termination', 'L113-15-2', id
      from downloadable_documents where policy_number = ${NUMBER} limit 1`);
    await run(sql`update termination_requests set status = 'processed'
      where id = 'data-versions-source'`);
    return sql`id = 'data-versions-source'`;
  }

  async function triggers() {
    const { rows } = await run(sql<{ event: string; orientation: string }>`
      select event_object_table || ' ' || event_manipulation as event,
        action_orientation as orientation
      from information_schema.triggers where trigger_name like '%_policy_data_changed'
      order by 1`);
    return rows;
  }

  it('fires once a statement, on each event of each table (migration 0031)', async () => {
    const rows = await triggers();
    const events = Object.keys(KEYS).flatMap((t) =>
      ['DELETE', 'INSERT', 'UPDATE'].map((e) => `${t} ${e}`),
    );
    expect(rows.map((r) => r.event)).toEqual(events.sort());
    expect(new Set(rows.map((r) => r.orientation))).toEqual(new Set(['STATEMENT']));
  });

  it.each(Object.keys(KEYS) as (keyof typeof KEYS)[])(
    'gives the account a new version on an insert, update and delete of %s',
    async (table) => {
      const columns = await copyColumns(table);
      const [key] = KEYS[table];
      const copy = sql`${sql.ref(key)} = ${columns[key]}`;
      expect(await versionedBy(copyOf(table, columns, await aRowOf(table)))).toEqual([account]);
      expect(
        await versionedBy(sql`update ${sql.table(table)} set ${sql.ref(key)} = ${sql.ref(key)}
          where ${copy}`),
      ).toEqual([account]);
      expect(await versionedBy(sql`delete from ${sql.table(table)} where ${copy}`)).toEqual([
        account,
      ]);
    },
  );

  it('gives both accounts a new version when one statement touches both', async () => {
    const both = [account, other].sort();
    const policies = [NUMBER, otherPolicy];
    expect(
      (
        await versionedBy(sql`update drivers set crm = crm
        where policy_number in (${sql.join(policies)})`)
      ).sort(),
    ).toEqual(both);
    expect(
      (
        await versionedBy(sql`insert into drivers
        select (jsonb_populate_record(null::drivers,
          to_jsonb(d) || jsonb_build_object('id', 'DV-' || d.id))).*
        from drivers d where policy_number in (${sql.join(policies)})`)
      ).sort(),
    ).toEqual(both);
    expect((await versionedBy(sql`delete from drivers where id like 'DV-%'`)).sort()).toEqual(both);
    expect(
      (
        await versionedBy(sql`update guarantees set franchise = franchise
        where risk_id in (select id from risks where policy_number in (${sql.join(policies)}))`)
      ).sort(),
    ).toEqual(both);
  });

  it('gives no account a new version when a statement touches no row', async () => {
    for (const table of Object.keys(KEYS)) {
      const [key] = KEYS[table as keyof typeof KEYS];
      expect(
        await versionedBy(sql`update ${sql.table(table)} set ${sql.ref(key)} = ${sql.ref(key)}
        where false`),
      ).toEqual([]);
      expect(await versionedBy(sql`delete from ${sql.table(table)} where false`)).toEqual([]);
      expect(
        await versionedBy(sql`insert into ${sql.table(table)} select * from ${sql.table(table)}
          where false`),
      ).toEqual([]);
    }
  });

  it('goes back to the row triggers of 0018 by its down, and forth again', async () => {
    const db = database.handle.db as unknown as Kysely<unknown>;
    const both = sql`update policies set state = state
      where policy_number in (${sql.join([NUMBER, otherPolicy])})`;
    await down(db);
    expect(new Set((await triggers()).map((r) => r.orientation))).toEqual(new Set(['ROW']));
    expect((await triggers()).length).toBe(Object.keys(KEYS).length * 3);
    expect((await versionedBy(both)).sort()).toEqual([account, other].sort());
    await up(db);
    expect(new Set((await triggers()).map((r) => r.orientation))).toEqual(new Set(['STATEMENT']));
    expect((await versionedBy(both)).sort()).toEqual([account, other].sort());
  });
});
