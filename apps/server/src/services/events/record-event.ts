// Events for the broker (docs/integration.md « Événements », docs/decisions/
// 0080-events-from-the-outbox.md). Enforces:
// - an event is written in the caller's transaction, the one that records what it tells: no
//   request without its event, no event of a request that rolled back;
// - in that same transaction, one outbox row per active subscription that wants its type
//   (a webhook endpoint, the message broker), which the one relay delivers at least once;
// - a request's event is built from the one view of requests (`customer_requests`): the
//   reference the customer read, the customer and contract numbers, what was asked, its files
//   (as links to the integration API) and its current status.
import { randomUUID } from 'node:crypto';
import {
  INTEGRATION_PREFIX,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  requestFileHref,
  type EventData,
  type EventType,
  type RequestEventData,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { currentTraceparent } from '../../platform/telemetry/trace-context';
import { requestFiles } from '../requests/request-files';
import { viewId } from '../requests/request-lookup';

/** An event to record: its `data` is what the contract says of its type (EVENT_DATA_SCHEMAS). */
export type NewEvent = {
  [T in EventType]: {
    type: T;
    accountId: string | null;
    /** The request it is about ('<source>:<row id>' of the view), if any. */
    requestId?: string | undefined;
    data: EventData<T>;
  };
}[EventType];

/** Writes `event` and its deliveries in the caller's transaction `trx`; answers its id. */
export async function recordEvent(trx: Db, event: NewEvent): Promise<string> {
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const body = {
    id: eventId,
    type: event.type,
    timestamp: new Date().toISOString(),
    data: event.data,
  };
  const row = await trx
    .insertInto('events')
    .values({
      event_id: eventId,
      type: event.type,
      request_id: event.requestId ?? null,
      account_id: event.accountId,
      body: JSON.stringify(body),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into outbox (type, account_id, payload, channel, message, event_id, trace_context)
    select 'event', ${event.accountId}, '{}'::jsonb, s.kind,
           jsonb_build_object('subscriptionId', s.id), ${row.id}, ${currentTraceparent()}
      from event_subscriptions s
     where s.disabled_at is null
       and (s.event_types is null or ${event.type} = any(s.event_types))`.execute(trx);
  return eventId;
}

/** The body of request `requestId`'s event, as the view and the status tables say now. */
export async function requestEventData(
  trx: Db,
  requestId: string,
): Promise<{ accountId: string; data: RequestEventData }> {
  const row = await trx
    .selectFrom('customer_requests as r')
    .leftJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('request_statuses as s', 's.request_id', 'r.id')
    .select([
      'r.reference',
      'r.kind',
      'r.policy_number',
      'r.payload',
      'r.created_at',
      'r.status',
      'r.status_reason',
      'r.account_id',
      'a.customer_id',
      's.message',
      's.details',
    ])
    .where(viewId(requestId))
    .executeTakeFirstOrThrow();
  const files = await requestFiles(trx, requestId);
  const data: RequestEventData = {
    reference: row.reference,
    kind: row.kind,
    kindLabel: REQUEST_KIND_LABELS[row.kind],
    customerNumber: row.customer_id,
    contractNumber: row.policy_number,
    createdAt: new Date(row.created_at).toISOString(),
    payload: row.payload,
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      href: requestFileHref(INTEGRATION_PREFIX, row.reference, file.id),
    })),
    status: row.status,
    statusLabel: REQUEST_STATUS_LABELS[row.status],
    message: row.message ?? row.status_reason ?? null,
    details: row.details ?? null,
  };
  return { accountId: row.account_id, data };
}

/** Records the event of request `requestId` (created, or moved on by the broker). */
export async function recordRequestEvent(
  trx: Db,
  requestId: string,
  type: 'request.created' | 'request.status_changed' = 'request.created',
): Promise<string> {
  const { accountId, data } = await requestEventData(trx, requestId);
  return recordEvent(trx, { type, accountId, requestId, data });
}
