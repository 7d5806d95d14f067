// « Mes données » holds everything the data map lists (docs/data-map.md, docs/product/
// data-export.md, services/data-export/coverage.ts): the database's own schema, read from
// information_schema on each backend, says which tables hold a customer's data — a column that
// names a customer, one of their contracts or one of their requests (`account_id`,
// `customer_id`, `customer_number`, `policy_number`, `request_id`), or a foreign key to such a
// table, followed to the end (a guarantee through its vehicle, an attachment through its
// message). Each must be named in docs/data-map.md, and either read by a section of the export
// or in the export's list of what it leaves out and why. The documentation's « read from »
// column says what DATA_EXPORT_SOURCES says.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_EXPORT_LEFT_OUT,
  DATA_EXPORT_SOURCES,
} from '../../../src/services/data-export/coverage';
import { BACKENDS } from '../../support/backends';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

const repo = path.resolve(import.meta.dirname, '../../../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

/** The columns that name a customer, one of their contracts or one of their requests. */
const CUSTOMER_COLUMNS = [
  'account_id',
  'customer_id',
  'customer_number',
  'policy_number',
  'request_id',
];

/** Every `name` written as code in `text`. */
const codeNames = (text: string) => new Set([...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));

describe.each(BACKENDS)('what « Mes données » covers (%s)', (backend) => {
  let database: TestDatabase;
  let customerTables: string[];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const db = database.handle.db;
    const tables = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
    const keys = await sql<{ table_name: string; referenced: string }>`
      select k.table_name, u.table_name as referenced
        from information_schema.table_constraints k
        join information_schema.constraint_column_usage u
          on u.constraint_schema = k.constraint_schema and u.constraint_name = k.constraint_name
       where k.constraint_type = 'FOREIGN KEY' and k.table_schema = current_schema()`.execute(db);
    const found = new Set(['accounts']);
    for (const { table_name, column_name } of tables.rows)
      if (CUSTOMER_COLUMNS.includes(column_name)) found.add(table_name);
    // A table that references a customer's table is a customer's table, to the end of the chain.
    for (let grown = true; grown;) {
      grown = false;
      for (const { table_name, referenced } of keys.rows) {
        if (!found.has(referenced) || found.has(table_name)) continue;
        found.add(table_name);
        grown = true;
      }
    }
    customerTables = [...found].sort();
  });
  afterAll(() => database.drop());

  it('finds the customer’s tables by their columns and their foreign keys', () => {
    // By a column: the ones the data map once forgot; by a foreign key only: the others.
    for (const table of ['claim_declarations', 'claim_drafts', 'events', 'staff_audit'])
      expect(customerTables).toContain(table);
    for (const table of ['guarantees', 'message_files', 'customer_second_factors', 'claim_files'])
      expect(customerTables).toContain(table);
    for (const table of ['staff_accounts', 'faq_entries', 'app_secrets', 'integration_clients'])
      expect(customerTables).not.toContain(table);
  });

  it('names each of them in docs/data-map.md', () => {
    const named = codeNames(read('docs/data-map.md'));
    expect(customerTables.filter((table) => !named.has(table))).toEqual([]);
  });

  it('reads each of them in a section of the export, or says what it leaves out and why', () => {
    const exported = new Set<string>(Object.values(DATA_EXPORT_SOURCES).flat());
    const leftOut = new Set<string>(DATA_EXPORT_LEFT_OUT.flatMap((left) => left.tables));
    const neither = customerTables.filter((table) => !exported.has(table) && !leftOut.has(table));
    expect(neither).toEqual([]);
    for (const left of DATA_EXPORT_LEFT_OUT) {
      expect(left.fr.length, left.en).toBeGreaterThan(40);
      expect(left.en.length, left.fr).toBeGreaterThan(40);
    }
  });
});

it('docs/product/data-export.md reads each section from the tables the code reads', () => {
  const doc = read('docs/product/data-export.md');
  const documented = Object.fromEntries(
    [...doc.matchAll(/^\| `(\w+)`\s*\|[^|]*\|([^|]*)\|$/gm)].map((m) => [
      m[1]!,
      [...codeNames(m[2]!)].sort(),
    ]),
  );
  const inCode = Object.fromEntries(
    Object.entries(DATA_EXPORT_SOURCES).map(([section, tables]) => [
      section,
      [...new Set(tables)].sort(),
    ]),
  );
  expect(documented).toEqual(inCode);
});
