// The termination status mapping written in TypeScript (termination-status.ts) and in SQL (the
// view customer_requests of the migrations) agree for every status: the view is run on a copy of
// the tests' PGlite template (migrated as the server migrates), with one termination request of
// each own status.
import { BROKER_REQUEST_STATUSES, type BrokerRequestStatus } from '@espace/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import {
  TERMINATION_STATUSES,
  terminationStatusOf,
  type TerminationStatus,
} from './termination-status';

let database: TestDatabase;
let handle: DatabaseHandle;
/** What the view says of a termination request whose own status is each one. */
const shown = new Map<TerminationStatus, string>();

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  handle = database.handle;
  await handle.db.transaction().execute(async (trx) => {
    // The rows the request points to (account, contract, receipt) play no part in the view.
    await sql`set local session_replication_role = replica`.execute(trx);
    for (const status of TERMINATION_STATUSES) {
      const id = `t-${status}`;
      await trx
        .insertInto('termination_requests')
        .values({
          id,
          reference: `RES-${status}`,
          policy_number: `P-${status}`,
          account_id: 'account',
          reason: 1,
          payload: JSON.stringify({}),
          received_at: new Date(),
          effective_date: '2026-01-01',
          effect: 'termination',
          basis: 'L113-12',
          receipt_document_id: `receipt-${status}`,
          status,
        })
        .execute();
      const row = await trx
        .selectFrom('customer_requests')
        .select('status')
        .where('id', '=', `termination:${id}`)
        .executeTakeFirstOrThrow();
      shown.set(status, row.status);
    }
  });
}, 60_000);
afterAll(() => database?.drop());

it('lists every status the table accepts', async () => {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = 'termination_requests'::regclass and contype = 'c'
       and pg_get_constraintdef(oid) like '%status%'`.execute(handle.db);
  expect(rows).toHaveLength(1);
  const values = [...rows[0]!.definition.matchAll(/'(\w+)'::text/g)].map((m) => m[1]);
  expect(values.sort()).toEqual([...TERMINATION_STATUSES].sort());
});

it('shows each own status as a broker status that maps back to it', () => {
  for (const status of TERMINATION_STATUSES) {
    const broker = shown.get(status);
    expect(BROKER_REQUEST_STATUSES, status).toContain(broker);
    expect(terminationStatusOf(broker as BrokerRequestStatus), status).toBe(status);
  }
});

it('shows every broker status that decides the request as itself', () => {
  for (const broker of BROKER_REQUEST_STATUSES) {
    const own = terminationStatusOf(broker);
    expect(shown.get(own), broker).toBe(own === 'received' ? 'received' : broker);
  }
});
