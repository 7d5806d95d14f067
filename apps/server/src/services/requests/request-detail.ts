// One request as the broker reads it (GET /backoffice/v1/requests/{reference}, the staff
// console) and its timeline, which the customer's detail view reads too. Enforces: a request is
// found by its reference only (NotFoundError 'Demande introuvable.'); the timeline starts with
// the request's own first status at the time it was made, then every status the broker set,
// oldest first; a file is served only through the request that holds it.
import {
  MESSAGES,
  REQUEST_STATUS_LABELS,
  type RequestEventData,
  type RequestTimelineEntry,
} from '@espace/contract';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { StoredFileNotFoundError, type DocumentStorage } from '../../platform/storage/storage';
import { NotFoundError } from '../errors';
import { requestEventData } from '../events/record-event';
import { requestFiles } from './request-files';
import { viewId, viewReference } from './request-lookup';

/** The view id ('<source>:<row id>') of the request whose reference is `reference`. */
export async function requestIdOf(db: Db, reference: string): Promise<string> {
  const row = await db
    .selectFrom('customer_requests as r')
    .select('r.id')
    .where(viewReference(reference))
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MESSAGES.api.requestNotFound);
  return row.id;
}

export async function requestTimeline(db: Db, requestId: string): Promise<RequestTimelineEntry[]> {
  const [first, history] = await Promise.all([
    db
      .selectFrom('customer_requests as r')
      .select(['r.kind', 'r.created_at'])
      .where(viewId(requestId))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('request_status_history')
      .select(['status', 'reason', 'message', 'details', 'recorded_at'])
      .where('request_id', '=', requestId)
      .orderBy('recorded_at')
      .orderBy('id')
      .execute(),
  ]);
  const initial = first.kind === 'claim' ? 'declared' : 'received';
  return [
    {
      status: initial,
      statusLabel: REQUEST_STATUS_LABELS[initial],
      at: new Date(first.created_at).toISOString(),
      message: null,
      details: null,
    },
    ...history.map((row) => ({
      status: row.status,
      statusLabel: REQUEST_STATUS_LABELS[row.status],
      at: new Date(row.recorded_at).toISOString(),
      message: row.message ?? row.reason,
      details: row.details ?? null,
    })),
  ];
}

export type BrokerRequestDetail = RequestEventData & { timeline: RequestTimelineEntry[] };

export async function brokerRequestDetail(db: Db, reference: string): Promise<BrokerRequestDetail> {
  const id = await requestIdOf(db, reference);
  const [{ data }, timeline] = await Promise.all([
    requestEventData(db, id),
    requestTimeline(db, id),
  ]);
  return { ...data, timeline };
}

export interface RequestFileContent {
  fileName: string;
  contentType: string;
  size: number | null;
  body: Readable;
}

/** The bytes of file `fileId` of request `reference` (NotFoundError if it holds no such file). */
export async function openRequestFile(
  { db, storage }: { db: Db; storage: DocumentStorage },
  reference: string,
  fileId: string,
): Promise<RequestFileContent> {
  const id = await requestIdOf(db, reference);
  const file = (await requestFiles(db, id)).find((f) => f.id === fileId);
  if (!file) throw new NotFoundError('Fichier introuvable.');
  try {
    const body = await storage.get(file.storageKey);
    return { fileName: file.name, contentType: file.contentType, size: file.size, body };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) throw new NotFoundError('Fichier introuvable.');
    throw error;
  }
}
