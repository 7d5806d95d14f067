// What the tests of the events feed, the statuses and the customer's e-mails share: calls to
// the integration API's requests and feed with a client-credentials token, and a customer's
// request made through the real customer API.
import type { EventFeed, FeedEvent, RequestList } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { BO } from './integration';
import { MULTIPART_HEADERS, multipartBody, upfile } from './documents';
import { bearer } from './harness';

export type { FeedEvent };

export function patchRequest(
  app: FastifyInstance,
  token: string,
  reference: string,
  body: unknown,
) {
  return app.inject({
    method: 'PATCH',
    url: `${BO}/requests/${encodeURIComponent(reference)}`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export function getRequest(app: FastifyInstance, token: string, reference: string) {
  return app.inject({
    method: 'GET',
    url: `${BO}/requests/${encodeURIComponent(reference)}`,
    headers: bearer(token),
  });
}

export function feedPage(app: FastifyInstance, token: string, query = '') {
  return app.inject({ method: 'GET', url: `${BO}/events${query}`, headers: bearer(token) });
}

/** Every event of the feed, page after page from the start. */
export async function allEvents(app: FastifyInstance, token: string): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const response = await feedPage(app, token, `?limit=500${after ? `&after=${after}` : ''}`);
    if (response.statusCode !== 200) throw new Error(`feed: ${response.statusCode}`);
    const page = response.json<EventFeed>();
    events.push(...page.events);
    after = page.cursor;
    if (!page.hasMore) return events;
  }
}

/**
 * The events of request `reference` once there are `count` of them (a request's event is in the
 * feed as soon as its transaction has committed: services/events/feed.ts).
 */
export async function eventsOfRequest(
  app: FastifyInstance,
  token: string,
  reference: string,
  count: number,
): Promise<FeedEvent[]> {
  return vi.waitFor(
    async () => {
      const events = (await allEvents(app, token)).filter(
        (e) => (e.data as { reference?: string }).reference === reference,
      );
      if (events.length < count) throw new Error(`${events.length} of ${count} events`);
      return events;
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** Sends a PDF as a customer does (« Documents à fournir ») and answers the request's reference. */
export async function customerSendsFile(
  app: FastifyInstance,
  customer: { token: string; accountId: string },
  policyNumber: string,
  fileName: string,
  pdf: Buffer,
  fileType = 'autre',
): Promise<string> {
  const upload = await app.inject({
    method: 'POST',
    url: `/api/v1/document/accounts/${customer.accountId}/policy/${policyNumber}/uploadfile`,
    headers: { ...bearer(customer.token), ...MULTIPART_HEADERS },
    payload: multipartBody([{ name: 'fileType', value: fileType }, upfile(fileName, pdf)]),
  });
  if (upload.statusCode >= 300) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  const list = await app.inject({
    method: 'GET',
    url: `/api/v1/account/accounts/${customer.accountId}/requests?pageSize=1`,
    headers: bearer(customer.token),
  });
  return list.json<RequestList>().items[0]!.reference;
}

/** Asks for a call back as a customer does and answers the request's reference. */
export async function customerAsksCallBack(
  app: FastifyInstance,
  customer: { token: string; accountId: string },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/account/accounts/${customer.accountId}/mail/phone-contact`,
    headers: { ...bearer(customer.token), 'content-type': 'application/json' },
    payload: JSON.stringify({ phone: '06 12 34 56 78' }),
  });
  if (response.statusCode !== 200) throw new Error(`call back: ${response.statusCode}`);
  return response.json<{ reference: string }>().reference;
}
