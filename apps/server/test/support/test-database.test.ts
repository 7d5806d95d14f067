// Every test file's database is a copy of the run's template (test-database.ts). The PGlite copies
// of a worker read one buffer of the template's dump: what a copy writes must never reach it.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

async function pgliteCopy(): Promise<TestDatabase> {
  const database = await createTestDatabase('pglite');
  opened.push(database);
  return database;
}

it('gives each PGlite copy the template as it was, whatever an earlier copy wrote', async () => {
  const first = await pgliteCopy();
  const { db } = first.handle;
  const accounts = sql<{ accounts: number }>`select count(*)::int as accounts from accounts`;
  const [{ accounts: seeded }] = (await accounts.execute(db)).rows as [{ accounts: number }];
  expect(seeded).toBeGreaterThan(0);
  // Changes to the files the dump held (the catalogue, a table's pages), written out.
  await sql`create table copy_marker (n int)`.execute(db);
  await sql`truncate accounts cascade`.execute(db);
  await sql`checkpoint`.execute(db);

  const second = await pgliteCopy();
  const marker = await sql<{
    found: string | null;
  }>`select to_regclass('copy_marker')::text as found`.execute(second.handle.db);
  expect(marker.rows).toEqual([{ found: null }]);
  expect((await accounts.execute(second.handle.db)).rows).toEqual([{ accounts: seeded }]);
});
