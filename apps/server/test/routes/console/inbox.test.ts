// The staff console's API (docs/console.md « Boîte de réception »): only a signed-in staff
// member opens it (no cookie, a forged one, a customer's token or portal cookie: 401; a call from
// another site: 403); the inbox lists every customer's requests with their customer, filters by
// kind, status, state, age against the kind's target delay, contract and agent, sorts and pages.
import {
  CONSOLE_PAGE_SIZE,
  DUE_SOON_SHARE,
  INBOX_COUNT_CAP,
  RECONTACT_PROMISE_HOURS,
  type InboxItem,
  type InboxPage,
} from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  consoleCall,
  customerCallBack,
  staffSignedIn,
  type ConsoleStaff,
} from '../../support/console';
import { bearer, DEMO, portalSignIn } from '../../support/harness';

describe.each(BACKENDS)('the console’s inbox (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('inbox', ({ t, agent }) => async (query = '', as: ConsoleStaff = agent) => {
      const response = await consoleCall(t.app, as, 'GET', `/requests${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InboxPage>();
    })
    .extend('refs', { auto: true }, ({ t, camille, once }) =>
      once('refs', async () => {
        const refs: Record<'fresh' | 'soon' | 'late', string> = { fresh: '', soon: '', late: '' };
        for (const [key, phone] of [
          ['fresh', '06 12 34 56 71'],
          ['soon', '06 12 34 56 72'],
          ['late', '06 12 34 56 73'],
        ] as const)
          refs[key] = await customerCallBack(t.app, camille, phone);
        // A call back's target is the promise the customer reads (48 hours): past DUE_SOON_SHARE
        // of it is due soon, past it overdue.
        const target = RECONTACT_PROMISE_HOURS;
        for (const [key, hours] of [
          ['soon', target * ((1 + DUE_SOON_SHARE) / 2)],
          ['late', target + 8],
        ] as const)
          await sql`update outbox set created_at = now() - make_interval(hours => ${hours})
              where 'DEM-' || upper(substr(md5('outbox:' || id), 1, 8)) = ${refs[key]}`.execute(
            t.app.db,
          );
        return refs;
      }),
    )
    .override({ backend });

  const item = (page: InboxPage, reference: string) =>
    page.items.find((i) => i.reference === reference);

  describe('requires authentication', () => {
    it('refuses a call without the console cookie, with a forged one, or a customer’s', async ({
      t,
      camille: { token: customerToken },
    }) => {
      const bare = await consoleCall(t.app, null, 'GET', '/requests');
      expect(bare.statusCode).toBe(401);
      const forged = { cookie: `espace-console=${'x'.repeat(43)}` };
      expect((await consoleCall(t.app, forged, 'GET', '/requests')).statusCode).toBe(401);
      const token = await consoleCall(
        t.app,
        null,
        'GET',
        '/requests',
        undefined,
        bearer(customerToken),
      );
      expect(token.statusCode).toBe(401);
      const portal = await portalSignIn(t.app, DEMO.jean);
      const cookie = { cookie: portal.jar.header() };
      expect((await consoleCall(t.app, cookie, 'GET', '/requests')).statusCode).toBe(401);
    });

    it('refuses a call from another site with 403, and a write without its header', async ({
      t,
      agent,
      refs,
    }) => {
      const cross = await consoleCall(t.app, agent, 'GET', '/requests', undefined, {
        'sec-fetch-site': 'cross-site',
      });
      expect(cross.statusCode).toBe(403);
      const write = await consoleCall(
        t.app,
        agent,
        'PUT',
        `/requests/${refs.fresh}/assignment`,
        {
          staffId: agent.id,
        },
        { 'x-espace-request': '' },
      );
      expect(write.statusCode).toBe(403);
      // The demo's assignments (seed/demo-work.ts) are not this agent's.
      expect(
        await t.app.db
          .selectFrom('request_assignments')
          .selectAll()
          .where('staff_id', '=', agent.id)
          .execute(),
      ).toEqual([]);
    });

    it('refuses a disabled staff member’s session', async ({ t }) => {
      const gone = await staffSignedIn(t.app, 'agent', 'Paul Parti');
      await t.app.db
        .updateTable('staff_accounts')
        .set({ disabled_at: new Date() })
        .where('id', '=', gone.id)
        .execute();
      expect((await consoleCall(t.app, gone, 'GET', '/requests')).statusCode).toBe(401);
    });
  });

  it('lists the open requests of every customer with their customer, summary and age', async ({
    inbox,
    refs,
  }) => {
    const page = await inbox('?state=all&sort=newest');
    const fresh = item(page, refs.fresh)!;
    expect(fresh).toMatchObject({
      kind: 'call_back',
      kindLabel: 'Demande de rappel',
      status: 'received',
      statusLabel: 'Reçue',
      customerName: 'Camille Martin',
      customerNumber: 'CLI-00100231',
      policyNumber: null,
      summary: 'Être rappelé(e) au 06 12 34 56 71.',
      assignee: null,
      targetHours: RECONTACT_PROMISE_HOURS,
      age: 'on_time',
    });
    expect(fresh.ageHours).toBeLessThan(1);
    const customers = new Set(page.items.map((i) => i.customerNumber));
    expect(customers.size).toBeGreaterThan(1);
  });

  it('colours each age against the kind’s target and filters by it', async ({ inbox, refs }) => {
    const page = await inbox('?kind=call_back');
    expect(item(page, refs.soon)).toMatchObject({ age: 'due_soon' });
    expect(item(page, refs.late)).toMatchObject({ age: 'overdue' });
    for (const age of ['overdue', 'due_soon', 'on_time'] as const) {
      const filtered = await inbox(`?age=${age}&state=all`);
      expect(filtered.items.length).toBeGreaterThan(0);
      for (const i of filtered.items) {
        expect(i.age).toBe(age);
        if (age === 'overdue') expect(i.ageHours).toBeGreaterThanOrEqual(i.targetHours);
        else expect(i.ageHours).toBeLessThan(i.targetHours);
      }
    }
    expect(item(await inbox('?age=overdue&kind=call_back'), refs.late)).toBeDefined();
    expect(item(await inbox('?age=on_time&kind=call_back'), refs.late)).toBeUndefined();
  });

  it('filters by kind, status, state and contract', async ({ inbox }) => {
    const byKind = await inbox('?kind=call_back&state=all');
    expect(byKind.items.every((i) => i.kind === 'call_back')).toBe(true);
    const closed = await inbox('?state=all&status=done');
    expect(closed.items.length).toBeGreaterThan(0);
    expect(closed.items.every((i) => i.status === 'done')).toBe(true);
    expect((await inbox('?status=done')).items).toEqual([]); // open ones only by default
    const open = await inbox();
    expect(open.items.every((i) => !['done', 'refused', 'closed'].includes(i.status))).toBe(true);
    const contract = (await inbox('?state=all')).items.find((i) => i.policyNumber)!.policyNumber!;
    const byContract = await inbox(`?state=all&contract=${contract.toLowerCase()}`);
    expect(byContract.total).toBeGreaterThan(0);
    expect(byContract.items.every((i) => i.policyNumber === contract)).toBe(true);
  });

  it('filters by agent: mine, nobody’s, someone’s', async ({ t, agent, inbox, refs }) => {
    const other = await staffSignedIn(t.app, 'agent', 'Berthe Collègue');
    const assign = (ref: string, staffId: string) =>
      consoleCall(t.app, agent, 'PUT', `/requests/${ref}/assignment`, { staffId });
    expect((await assign(refs.fresh, agent.id)).statusCode).toBe(200);
    expect((await assign(refs.soon, other.id)).statusCode).toBe(200);
    const mine = await inbox('?agent=me');
    expect(mine.items.map((i) => i.reference)).toEqual([refs.fresh]);
    expect(mine.items[0]!.assignee).toEqual({
      id: agent.id,
      displayName: agent.displayName,
      email: agent.email,
    });
    expect((await inbox(`?agent=${other.id}`)).items.map((i) => i.reference)).toEqual([refs.soon]);
    const none = await inbox('?agent=none&kind=call_back');
    expect(item(none, refs.late)).toBeDefined();
    expect(item(none, refs.fresh)).toBeUndefined();
  });

  it('sorts oldest first by default, newest first when asked, and pages', async ({ inbox }) => {
    const all: InboxItem[] = [];
    const first = await inbox('?state=all');
    expect(first.pageCount).toBe(Math.max(1, Math.ceil(first.total / CONSOLE_PAGE_SIZE)));
    for (let page = 1; page <= first.pageCount; page++)
      all.push(...(await inbox(`?state=all&page=${page}`)).items);
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((i) => i.reference)).size).toBe(first.total);
    const dates = all.map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort());
    const newest = await inbox('?state=all&sort=newest');
    expect(newest.items[0]!.createdAt >= newest.items.at(-1)!.createdAt).toBe(true);
    expect((await inbox(`?state=all&page=${first.pageCount + 1}`)).items).toEqual([]);
  });

  it('refuses a malformed query with 400 and French fields', async ({ t, agent }) => {
    for (const query of ['?kind=nope', '?page=0', '?age=late', '?sort=random']) {
      const response = await consoleCall(t.app, agent, 'GET', `/requests${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toMatch(/[a-zé]/);
    }
  });
});

// At a broker's size the inbox counts no further than INBOX_COUNT_CAP (bench `console`): its own
// app, since it adds that many requests to the index.
describe.each(BACKENDS)(
  'the console’s inbox past its count (%s)',
  { timeout: 150_000 },
  (backend) => {
    const it = apiTest.override({ backend });

    it('counts up to the cap, says more follow, and still pages past it', async ({
      t,
      agent,
      camille,
    }) => {
      // Requests of the index alone, older than any of the demo's, so the first pages are theirs.
      await sql`insert into request_index (id, reference, kind, account_id, policy_number, created_at,
                                         status, status_changed_at)
      select 'bulk:' || g, 'DEM-B' || lpad(g::text, 7, '0'), 'call_back', ${camille.accountId},
             null, timestamptz '2020-01-01' + make_interval(secs => g), 'received',
             timestamptz '2020-01-01' + make_interval(secs => g)
        from generate_series(1, ${INBOX_COUNT_CAP + 5}) g`.execute(t.app.db);
      const inbox = async (query: string) => {
        const response = await consoleCall(t.app, agent, 'GET', `/requests${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<InboxPage>();
      };
      const first = await inbox('?state=all');
      expect(first).toMatchObject({
        total: INBOX_COUNT_CAP,
        totalIsCapped: true,
        pageCount: INBOX_COUNT_CAP / CONSOLE_PAGE_SIZE,
      });
      expect(first.items[0]!.reference).toBe('DEM-B0000001');
      // Past the counted pages: the page is read, and counted as far as it goes (to its end).
      const beyond = await inbox(`?state=all&page=${INBOX_COUNT_CAP / CONSOLE_PAGE_SIZE + 1}`);
      expect(beyond.items[0]!.reference).toBe(
        `DEM-B${String(INBOX_COUNT_CAP + 1).padStart(7, '0')}`,
      );
      expect(beyond.pageCount).toBeGreaterThan(INBOX_COUNT_CAP / CONSOLE_PAGE_SIZE);
      // A filter that keeps fewer is counted exactly.
      const claims = await inbox('?state=all&kind=claim');
      expect(claims.totalIsCapped).toBe(false);
      expect(claims.total).toBeGreaterThan(0);
      expect(claims.total).toBeLessThan(INBOX_COUNT_CAP);
    });
  },
);
