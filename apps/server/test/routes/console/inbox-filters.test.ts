// The console inbox's age and agent filters as the request index answers them (docs/console.md
// « Boîte de réception », migration 0052): the age filter keeps exactly the items whose age the
// page shows, on each side of each kind's target delay and of its « bientôt en retard » share,
// open or closed; an item's assignee follows its assignment, and stays when the request is read
// again into the index (its status changed, its date moved).
import { createHash } from 'node:crypto';
import { INBOX_AGES, type InboxItem, type InboxPage } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { consoleConfig } from '../../../src/config/console';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { consoleCall } from '../../support/console';

// Two kinds with their own targets, one of them not a whole number of hours.
const TARGETS = consoleConfig({ CONSOLE_TARGET_HOURS: '{"call_back":10,"email_message":30.5}' }, [])
  .console.targetHours;

/** Minutes before or after (negative) the hours given. */
const AGES = {
  callBackLate: { kind: 'contact.phone', hours: 10, minutes: 1 },
  callBackAlmostLate: { kind: 'contact.phone', hours: 10, minutes: -1 },
  callBackSoon: { kind: 'contact.phone', hours: 7.5, minutes: 1 },
  callBackNotYetSoon: { kind: 'contact.phone', hours: 7.5, minutes: -1 },
  // As old as a late call back, but an e-mail: due soon only.
  mailSoon: { kind: 'contact.mail', hours: 10, minutes: 1 },
  mailAlmostLate: { kind: 'contact.mail', hours: 30.5, minutes: -1 },
  mailLate: { kind: 'contact.mail', hours: 30.5, minutes: 1 },
  mailNotYetSoon: { kind: 'contact.mail', hours: 22.875, minutes: -1 },
} as const;
const EXPECTED: Record<keyof typeof AGES, InboxItem['age']> = {
  callBackLate: 'overdue',
  callBackAlmostLate: 'due_soon',
  callBackSoon: 'due_soon',
  callBackNotYetSoon: 'on_time',
  mailSoon: 'on_time',
  mailAlmostLate: 'due_soon',
  mailLate: 'overdue',
  mailNotYetSoon: 'on_time',
};

describe.each(BACKENDS)('the console inbox’s filters (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    .extend('inbox', ({ t, agent }) => async (query: string) => {
      const response = await consoleCall(t.app, agent, 'GET', `/requests${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InboxPage>();
    })
    .extend('everything', ({ inbox }) => async (query: string) => {
      const items: InboxItem[] = [];
      for (let page = 1, pages = 1; page <= pages; page++) {
        const read = await inbox(`${query}${query ? '&' : '?'}page=${page}`);
        items.push(...read.items);
        pages = read.pageCount;
      }
      return items;
    })
    .extend('refs', { auto: true }, ({ t, camille, once }) =>
      once('refs', async () => {
        const refs = {} as Record<keyof typeof AGES, string>;
        for (const [name, { kind, hours, minutes }] of Object.entries(AGES)) {
          // A customer's message as the portal writes it (outbox), already sent.
          const { id } = await t.app.db
            .insertInto('outbox')
            .values({
              type: kind,
              account_id: camille.accountId,
              payload: JSON.stringify({ phone: '06 12 34 56 70', text: 'Bonjour' }),
              created_at: sql`now() - make_interval(secs => ${hours * 3600 + minutes * 60})`,
              sent_at: sql`now()`,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // The view's reference of a message (migration 0016).
          const digest = createHash('md5').update(`outbox:${id}`).digest('hex');
          refs[name as keyof typeof AGES] = `DEM-${digest.slice(0, 8).toUpperCase()}`;
        }
        return refs;
      }),
    )
    .override({ backend, appConfig: { console: { targetHours: TARGETS } } });

  it('keeps on each side of each kind’s target and due-soon share the age the page shows', async ({
    everything,
    refs,
  }) => {
    const all = await everything('?state=all');
    const ageOf = new Map(all.map((item) => [item.reference, item.age]));
    for (const [name, age] of Object.entries(EXPECTED))
      expect(ageOf.get(refs[name as keyof typeof AGES]), name).toBe(age);
    for (const state of ['open', 'all'] as const) {
      const listed = state === 'all' ? all : await everything('');
      for (const age of INBOX_AGES) {
        const filtered = await everything(`?state=${state}&age=${age}`);
        expect(filtered.map((i) => i.reference).sort(), `${state} ${age}`).toEqual(
          listed
            .filter((i) => i.age === age)
            .map((i) => i.reference)
            .sort(),
        );
      }
    }
    // The closed ones too: their age ran until their last status.
    expect(all.some((i) => ['done', 'refused', 'closed'].includes(i.status))).toBe(true);
  });

  it('lists an item under its agent until unassigned, across its re-reads into the index', async ({
    t,
    agent,
    inbox,
    everything,
    refs,
  }) => {
    const mine = async () => (await everything('?agent=me&state=all')).map((i) => i.reference);
    const nobodys = async () => (await everything('?agent=none')).map((i) => i.reference);
    const ref = refs.callBackNotYetSoon;
    const assign = await consoleCall(t.app, agent, 'PUT', `/requests/${ref}/assignment`, {
      staffId: agent.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(await mine()).toEqual([ref]);
    expect(await nobodys()).not.toContain(ref);
    // Its status changed, then its date moved: each reads the request again into the index.
    const moved = await consoleCall(t.app, agent, 'PATCH', `/requests/${ref}/status`, {
      status: 'in_progress',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sql`update outbox set created_at = created_at - interval '1 minute'
      where 'DEM-' || upper(substr(md5('outbox:' || id), 1, 8)) = ${ref}`.execute(t.app.db);
    expect(await mine()).toEqual([ref]);
    const page = await inbox(`?agent=${agent.id}`);
    expect(page.items[0]).toMatchObject({ reference: ref, status: 'in_progress' });
    expect(page.items[0]!.assignee?.id).toBe(agent.id);
    const none = await consoleCall(t.app, agent, 'PUT', `/requests/${ref}/assignment`, {
      staffId: null,
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(await mine()).toEqual([]);
    expect(await nobodys()).toContain(ref);
  });
});
