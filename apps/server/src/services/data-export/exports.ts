// « Mes données »: asking for an export, reading where it stands, downloading it once
// (docs/decisions/0121-data-export-through-the-outbox.md). Enforces:
// - an export is asked for by the signed-in customer for their own account only; its row and
//   the outbox row that builds it (channel 'export', build-job.ts) are written in one
//   transaction with the trail's 'requested': none is lost, none is built twice at once;
// - one export in preparation per account (a partial unique index, across instances): a second
//   request meanwhile is refused (409, French);
// - the archive is served once, to the account that asked for it only: another account's id
//   is 404 as an unknown one; a used link 410, an expired one 410, one still in preparation 409,
//   each with its French message; the download is recorded (status, time, trail) in the
//   statement that claims it, so two downloads at once serve one;
// - every request, download and refused download (also of another account's export, under the
//   caller) is a row of `data_export_trail`.
import { DATA_EXPORT_MESSAGES, type BrandKey, type DataExport } from '@espace/contract';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { DocumentStorage } from '../../platform/storage/storage';
import { ConflictError, GoneError, NotFoundError } from '../errors';

export const EXPORT_JOB_TYPE = 'data_export.build';

export type TrailAction = 'requested' | 'ready' | 'downloaded' | 'download_refused';

export async function recordTrail(
  db: Db,
  entry: {
    exportId: string;
    accountId: string;
    action: TrailAction;
    userAgent?: string | undefined;
  },
): Promise<void> {
  await db
    .insertInto('data_export_trail')
    .values({
      export_id: entry.exportId,
      account_id: entry.accountId,
      action: entry.action,
      user_agent: entry.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

interface ExportRow {
  id: string;
  status: 'pending' | 'ready' | 'downloaded' | 'expired';
  progress: number;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  size: number | null;
  failed: boolean;
}

function toDataExport(row: ExportRow, now = new Date()): DataExport {
  const expired =
    row.status === 'expired' ||
    (row.status === 'ready' && row.expires_at !== null && new Date(row.expires_at) <= now);
  return {
    id: row.id,
    status: row.failed && row.status === 'pending' ? 'failed' : expired ? 'expired' : row.status,
    progress: row.status === 'pending' ? row.progress : 100,
    requestedAt: new Date(row.requested_at).toISOString(),
    readyAt: row.ready_at ? new Date(row.ready_at).toISOString() : null,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    size: row.size,
  };
}

const exportColumns = sql`e.id, e.status, e.progress, e.requested_at, e.ready_at, e.expires_at,
  e.size, coalesce(o.failed_at is not null, false) as failed`;

/** The latest export the account asked for, if any. */
export async function latestDataExport(db: Db, accountId: string): Promise<DataExport | null> {
  const { rows } = await sql<ExportRow>`
    select ${exportColumns} from data_exports e left join outbox o on o.id = e.outbox_id
    where e.account_id = ${accountId} order by e.requested_at desc, e.id desc limit 1`.execute(db);
  return rows[0] ? toDataExport(rows[0]) : null;
}

/** Records the request and its job; the caller wakes the relay after the commit. */
export async function requestDataExport(
  db: Db,
  who: { accountId: string; userAgent: string | undefined },
  brand: BrandKey,
): Promise<DataExport> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    // A pending export that failed for good does not block a new one.
    await sql`update data_exports e set status = 'expired' from outbox o
      where e.account_id = ${who.accountId} and e.status = 'pending'
        and o.id = e.outbox_id and o.failed_at is not null`.execute(trx);
    const inserted = await sql`
      insert into data_exports (id, account_id, brand) values (${id}, ${who.accountId}, ${brand})
      on conflict (account_id) where status = 'pending' do nothing returning id`.execute(trx);
    if (inserted.rows.length === 0) throw new ConflictError(DATA_EXPORT_MESSAGES.pending);
    const job = await trx
      .insertInto('outbox')
      .values({
        type: EXPORT_JOB_TYPE,
        account_id: who.accountId,
        payload: JSON.stringify({ exportId: id }),
        channel: 'export',
        message: JSON.stringify({ exportId: id }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('data_exports').set({ outbox_id: job.id }).where('id', '=', id).execute();
    await recordTrail(trx, {
      exportId: id,
      accountId: who.accountId,
      action: 'requested',
      userAgent: who.userAgent,
    });
  });
  const created = await latestDataExport(db, who.accountId);
  if (!created) throw new Error('export vanished');
  return created;
}

export interface ExportArchive {
  fileName: string;
  contentType: 'application/zip';
  size: number;
  body: Readable;
  /** Deletes the object once sent, then forgets its key (the row stays, as the trail). */
  forget(): Promise<void>;
}

/** The archive of `exportId`, once, for its own account. */
export async function openDataExport(
  deps: { db: Db; storage: DocumentStorage },
  who: { accountId: string; userAgent: string | undefined },
  exportId: string,
): Promise<ExportArchive> {
  const { db, storage } = deps;
  const row = await db
    .selectFrom('data_exports')
    .select(['id', 'status', 'storage_key', 'size', 'expires_at', 'ready_at'])
    .where('id', '=', exportId)
    .where('account_id', '=', who.accountId)
    .executeTakeFirst();
  const refuse = async (error: Error): Promise<never> => {
    // Traced under the caller, also when the export is another account's (never said to them).
    const known =
      row ??
      (await db
        .selectFrom('data_exports')
        .select('id')
        .where('id', '=', exportId)
        .executeTakeFirst());
    if (known)
      await recordTrail(db, {
        exportId,
        accountId: who.accountId,
        action: 'download_refused',
        userAgent: who.userAgent,
      });
    throw error;
  };
  if (!row) return refuse(new NotFoundError(DATA_EXPORT_MESSAGES.notFound));
  if (row.status === 'pending') return refuse(new ConflictError(DATA_EXPORT_MESSAGES.notReady));
  if (row.status === 'downloaded') return refuse(new GoneError(DATA_EXPORT_MESSAGES.used));
  if (
    row.status === 'expired' ||
    !row.storage_key ||
    !row.expires_at ||
    new Date(row.expires_at) <= new Date()
  )
    return refuse(new GoneError(DATA_EXPORT_MESSAGES.expired));
  const key = row.storage_key;
  const body = await storage.get(key).catch(() => undefined);
  if (!body) return refuse(new GoneError(DATA_EXPORT_MESSAGES.expired));
  const claimed = await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('data_exports')
      .set({ status: 'downloaded', downloaded_at: sql`now()` })
      .where('id', '=', exportId)
      .where('account_id', '=', who.accountId)
      .where('status', '=', 'ready')
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    await recordTrail(trx, {
      exportId,
      accountId: who.accountId,
      action: 'downloaded',
      userAgent: who.userAgent,
    });
    return true;
  });
  if (!claimed) {
    body.destroy();
    return refuse(new GoneError(DATA_EXPORT_MESSAGES.used));
  }
  const day = new Date(row.ready_at ?? Date.now()).toISOString().slice(0, 10);
  return {
    fileName: DATA_EXPORT_MESSAGES.archiveName(day),
    contentType: 'application/zip',
    size: row.size ?? 0,
    body,
    forget: () => forgetArchive(deps, exportId, key),
  };
}

/** The object first, then its key: a row may name a missing file, never the reverse. */
async function forgetArchive(
  { db, storage }: { db: Db; storage: DocumentStorage },
  exportId: string,
  key: string,
): Promise<void> {
  await storage.delete(key);
  await db
    .updateTable('data_exports')
    .set({ storage_key: null })
    .where('id', '=', exportId)
    .execute();
}

/**
 * The files no one may download any more: downloaded, past their validity, or of an account
 * whose online access was deleted. Their row stays (status 'expired' when it was 'ready').
 */
export async function sweepDataExports(db: Db, storage: DocumentStorage): Promise<number> {
  const { rows } = await sql<{ id: string; storage_key: string }>`
    select e.id, e.storage_key from data_exports e join accounts a on a.id = e.account_id
    where e.storage_key is not null
      and (e.status <> 'ready' or e.expires_at <= now() or a.portal_deleted_at is not null)`.execute(
    db,
  );
  for (const row of rows) {
    await storage.delete(row.storage_key);
    await db
      .updateTable('data_exports')
      .set({
        storage_key: null,
        status: sql`case when status = 'ready' then 'expired' else status end`,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
