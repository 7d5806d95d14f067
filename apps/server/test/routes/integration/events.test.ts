// The pull feed GET /backoffice/v1/events (docs/integration.md « Événements »): what a customer
// does in the portal (a consent changed, an account erased) reaches it; events come in cursor
// order, a page at a time with `cursor` and `hasMore`, the same sequence whatever the page size;
// a bad `after` or `limit` is refused with the field named; the retention purge removes old
// events; only an integration token reads it.
import type { EventFeed } from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { apiTest } from '../../support/api-test';
import { purgeEvents } from '../../../src/services/events/feed';
import { BACKENDS } from '../../support/backends';
import { integrationToken } from '../../support/integration';
import { allEvents, feedPage, type FeedEvent } from '../../support/events';
import { DEMO, signIn, subjectOf } from '../../support/harness';
import { deleteAccount, setConsent } from '../../support/account-security';

describe.each(BACKENDS)('the events feed (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    /** The broker's number of the customer, as the integration API's records hold it. */
    .extend('customerNumberOf', ({ t }) => async (accountId: string): Promise<string> => {
      const row = await t.app.db
        .selectFrom('accounts')
        .select('customer_id')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      return row.customer_id;
    })
    .extend('reader', ({ t, once }) =>
      once('reader', () => integrationToken(t.app, ['backoffice:read'])),
    )
    /** The feed, once it holds `count` events of `type`. */
    .extend(
      'eventsOfType',
      ({ t, reader: { token } }) =>
        (type: string, count: number) =>
          vi.waitFor(
            async () => {
              const events = (await allEvents(t.app, token)).filter((e) => e.type === type);
              if (events.length < count) throw new Error(`${events.length} of ${count} ${type}`);
              return events;
            },
            { timeout: 10_000, interval: 100 },
          ),
    )
    .override({ backend });

  it('requires an integration token', async ({ t }) => {
    expect((await t.app.inject({ method: 'GET', url: '/backoffice/v1/events' })).statusCode).toBe(
      401,
    );
    const customer = await signIn(t.app, t.config, DEMO.camille);
    expect((await feedPage(t.app, customer.access_token)).statusCode).toBe(401);
  });

  it('tells a consent given then withdrawn, with the customer number', async ({
    t,
    customerNumberOf,
    eventsOfType,
  }) => {
    const lea = await signIn(t.app, t.config, DEMO.lea);
    const leaId = subjectOf(lea.access_token);
    expect((await setConsent(t, leaId, lea.access_token, 'true')).statusCode).toBeLessThan(300);
    expect((await setConsent(t, leaId, lea.access_token, 'false')).statusCode).toBeLessThan(300);
    const events = await eventsOfType('consent.changed', 2);
    const customerNumber = await customerNumberOf(leaId);
    expect(events.map((e) => e.data)).toEqual([
      { customerNumber, consent: true, at: expect.any(String) },
      { customerNumber, consent: false, at: expect.any(String) },
    ]);
  });

  it('tells an account erased, with the customer number', async ({
    t,
    customerNumberOf,
    eventsOfType,
  }) => {
    const jean = await signIn(t.app, t.config, DEMO.jean);
    const jeanId = subjectOf(jean.access_token);
    const customerNumber = await customerNumberOf(jeanId);
    const erased = await deleteAccount(t, jeanId, jean.access_token, { password: DEMO.password });
    expect(erased.statusCode).toBeLessThan(300);
    const [event] = await eventsOfType('account.erased', 1);
    expect(event!.data).toEqual({ customerNumber, erasedAt: expect.any(String) });
    expect(event!.id).toMatch(/^evt_[0-9a-f]{32}$/);
  });

  it('pages in cursor order: the same sequence whatever the page size', async ({
    t,
    reader: { token },
  }) => {
    const all = await allEvents(t.app, token);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const cursors = all.map((e) => BigInt(e.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const paged: FeedEvent[] = [];
    let after = '';
    for (;;) {
      const page = (await feedPage(t.app, token, `?limit=2${after}`)).json<EventFeed>();
      expect(page.events.length).toBeLessThanOrEqual(2);
      paged.push(...page.events);
      if (!page.hasMore) {
        expect(page.cursor).toBe(all.at(-1)!.cursor);
        break;
      }
      after = `&after=${page.cursor}`;
    }
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    const end = (await feedPage(t.app, token, `?after=${all.at(-1)!.cursor}`)).json<EventFeed>();
    expect(end).toEqual({ events: [], cursor: all.at(-1)!.cursor, hasMore: false });
  });

  it('refuses a cursor or a limit that is not one, naming the field', async ({
    t,
    reader: { token },
  }) => {
    for (const [query, field] of [
      ['?after=abc', 'after'],
      ['?after=-1', 'after'],
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
    ] as const) {
      const response = await feedPage(t.app, token, query);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
  });

  it('purges the events older than the retention, and only those', async ({
    t,
    reader: { token },
  }) => {
    const before = await allEvents(t.app, token);
    const old = before[0]!;
    await t.app.db
      .updateTable('events')
      .set({ created_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('event_id', '=', old.id)
      .execute();
    expect(await purgeEvents(t.app.db, 30)).toBe(1);
    const after = await allEvents(t.app, token);
    expect(after.map((e) => e.id)).not.toContain(old.id);
    expect(after.map((e) => e.id)).toEqual(
      expect.arrayContaining(before.slice(1).map((e) => e.id)),
    );
  });

  // Two writers on PostgreSQL: the first writes its event, the second writes and commits its own
  // (a greater id); a read then sees only the second; once the first commits, a read after the
  // cursor it got still finds the first: nothing committed late is skipped.
  it.runIf(backend === 'postgres')(
    'never skips an event whose transaction commits after a later one was read',
    async ({ t, reader: { token } }) => {
      const { recordEvent } = await import('../../../src/services/events/record-event');
      const event = (label: string) => ({
        type: 'consent.changed' as const,
        accountId: null,
        data: { customerNumber: label, consent: true, at: new Date().toISOString() },
      });
      const seen = async (after: string | null) =>
        (await feedPage(t.app, token, after ? `?after=${after}` : '')).json<EventFeed>();
      const start = (await allEvents(t.app, token)).at(-1)?.cursor ?? null;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const firstWritten = new Promise<void>((resolve) => (written = resolve));
      const slow = t.app.db.transaction().execute(async (trx) => {
        await recordEvent(trx, event('LATE'));
        written();
        await held;
      });
      await firstWritten;
      await t.app.db.transaction().execute((trx) => recordEvent(trx, event('EARLY')));
      const first = await seen(start);
      expect(first.events.map((e) => e.data.customerNumber)).toEqual(['EARLY']);
      release();
      await slow;
      const second = await seen(first.cursor);
      expect(second.events.map((e) => e.data.customerNumber)).toEqual(['LATE']);
    },
  );
});
