// The console's « Messages » inbox at a broker's size (docs/console.md « Messages »): it counts
// its conversations no further than INBOX_COUNT_CAP, as the requests' inbox does, says more
// follow and still pages past them; a filter that keeps fewer is counted exactly.
import { CONSOLE_PAGE_SIZE, INBOX_COUNT_CAP, type ConsoleConversationPage } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { consoleCall } from '../../support/console';

describe.each(BACKENDS)(
  'the « Messages » inbox past its count (%s)',
  { timeout: 150_000 },
  (backend) => {
    const it = apiTest.override({ backend });

    it('counts up to the cap, says more follow, and still pages past it', async ({
      t,
      agent,
      camille,
    }) => {
      // Answered conversations, each a second older than the last, so the pages follow them.
      await sql`insert into conversations (id, account_id, topic, created_at, last_message_at)
        select 'bulk-' || lpad(g::text, 6, '0'), ${camille.accountId}, 'contract',
               timestamptz '2021-01-01' - make_interval(secs => g),
               timestamptz '2021-01-01' - make_interval(secs => g)
          from generate_series(1, ${INBOX_COUNT_CAP + 5}) g`.execute(t.app.db);
      const inbox = async (query: string) => {
        const response = await consoleCall(t.app, agent, 'GET', `/conversations${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ConsoleConversationPage>();
      };
      const pages = INBOX_COUNT_CAP / CONSOLE_PAGE_SIZE;
      const first = await inbox('?state=all');
      expect(first).toMatchObject({
        total: INBOX_COUNT_CAP,
        totalIsCapped: true,
        pageCount: pages,
      });
      expect(first.items).toHaveLength(CONSOLE_PAGE_SIZE);
      // Past the counted pages: the page is read, and counted as far as it goes (to its end).
      const beyond = await inbox(`?state=all&page=${pages + 1}`);
      expect(beyond.items.length).toBeGreaterThan(0);
      expect(beyond.pageCount).toBeGreaterThan(pages);
      const last = await inbox(
        `?state=all&page=${Math.ceil((INBOX_COUNT_CAP + 5) / CONSOLE_PAGE_SIZE) + 1}`,
      );
      expect(last.items).toEqual([]);
      // A filter that keeps fewer is counted exactly: those waiting for an answer (none of these).
      const waiting = await inbox('');
      expect(waiting.totalIsCapped).toBe(false);
      expect(waiting.total).toBeLessThan(INBOX_COUNT_CAP);
      expect(waiting.items.every((item) => !item.id.startsWith('bulk-'))).toBe(true);
    });
  },
);
