// The contract's table of request kinds and statuses (packages/contract/src/requests/kinds.ts)
// and the database agree: every kind is a value its source accepts and a kind the view
// `customer_requests` can give, every status one the broker can set. A kind added to the table
// without its migration fails here (docs/development.md « Adding a kind of request »).
import { BROKER_REQUEST_STATUSES, REQUEST_KIND_TABLE, REQUEST_KINDS } from '@espace/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/backends';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

describe.each(BACKENDS)('request kinds and statuses on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database.drop());

  const checks = async (table: string) => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = ${table}::regclass and contype = 'c'`.execute(database.handle.db);
    return rows.map((row) => row.def).join('\n');
  };

  it('gives every kind of the table a source that accepts it', async () => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_viewdef('customer_requests'::regclass) as def`.execute(database.handle.db);
    const view = rows[0]!.def;
    const changeTypes = await checks('change_requests');
    for (const kind of REQUEST_KINDS) {
      const entry: { source: string; outboxType?: string } = REQUEST_KIND_TABLE[kind];
      expect(view, kind).toContain(entry.source);
      if (entry.source === 'change_requests') expect(changeTypes, kind).toContain(`'${kind}'`);
      else expect(view, kind).toContain(`'${kind}'`);
      if (entry.outboxType) expect(view, kind).toContain(`'${entry.outboxType}'`);
    }
  });

  it('lets the broker set every status of the table', async () => {
    const statuses = await checks('request_statuses');
    for (const status of BROKER_REQUEST_STATUSES) expect(statuses).toContain(`'${status}'`);
  });
});
