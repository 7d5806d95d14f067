// The request index (migration 0037) is the view customer_requests, row for row, whatever
// writes: the seed, a customer's requests of every source (a change, a call back, a file), the
// broker's status changes, a termination's own status, an outbox row moved in time by hand, a
// contract given to another customer, rows deleted, a contract withdrawn with its requests.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { samplePdf } from '../support/documents';
import { customerSendsFile } from '../support/events';
import { consoleCall, customerCallBack } from '../support/console';
import { BO, integrationToken } from '../support/integration';
import { bearer } from '../support/harness';

const COLUMNS = sql`id, reference, kind, account_id, policy_number, created_at, status, status_changed_at`;

describe.each(BACKENDS)('the request index (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('differences', ({ t }) => async () => {
      const { rows } = await sql<{ side: string; id: string }>`
        (select 'view only' as side, id from (select ${COLUMNS} from customer_requests
          except select ${COLUMNS} from request_index) v)
        union all
        (select 'index only', id from (select ${COLUMNS} from request_index
          except select ${COLUMNS} from customer_requests) i)`.execute(t.app.db);
      return rows;
    })
    .override({ backend });

  it('holds every request of the seed', async ({ t, differences }) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from request_index`.execute(
      t.app.db,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    expect(await differences()).toEqual([]);
  });

  it('follows the customers’ requests and the broker’s answers', async ({
    t,
    camille,
    agent,
    differences,
  }) => {
    const callBack = await customerCallBack(t.app, camille, '06 55 44 33 22');
    const file = await customerSendsFile(
      t.app,
      camille,
      'AU2026104512',
      'a.pdf',
      await samplePdf(),
    );
    expect(await differences()).toEqual([]);
    for (const [reference, status] of [
      [callBack, 'in_progress'],
      [file, 'done'],
    ] as const) {
      const moved = await consoleCall(t.app, agent, 'PATCH', `/requests/${reference}/status`, {
        status,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect(await differences()).toEqual([]);
    const index = await t.app.db
      .selectFrom('request_index')
      .select(['reference', 'status', 'open'])
      .where('reference', 'in', [callBack, file])
      .orderBy('reference')
      .execute();
    expect(index).toEqual(
      [
        { reference: callBack, status: 'in_progress', open: true },
        { reference: file, status: 'done', open: false },
      ].sort((a, b) => (a.reference < b.reference ? -1 : 1)),
    );
  });

  it('follows changes made by hand and deletions', async ({ t, camille, differences }) => {
    await customerCallBack(t.app, camille, '06 55 44 33 11');
    await sql`update outbox set created_at = created_at - interval '5 days'
      where type = 'contact.phone'`.execute(t.app.db);
    await sql`update termination_requests set status = 'processed'`.execute(t.app.db);
    await sql`delete from request_statuses where request_id in
      (select id from request_index where kind = 'call_back' limit 1)`.execute(t.app.db);
    await sql`update policies set account_id = (select id from accounts where email = 'jean.dupont@example.fr')
      where policy_number = 'AU2026104512'`.execute(t.app.db);
    expect(await differences()).toEqual([]);
    await sql`delete from change_requests`.execute(t.app.db);
    await sql`delete from outbox where type = 'contact.phone'`.execute(t.app.db);
    expect(await differences()).toEqual([]);
    // A contract withdrawn by the broker's systems takes its requests along.
    const { token } = await integrationToken(t.app);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${BO}/contracts/AU2026104512`,
      headers: bearer(token),
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await differences()).toEqual([]);
  });
});
