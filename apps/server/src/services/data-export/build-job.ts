// The outbox channel 'export' (docs/decisions/0121-data-export-through-the-outbox.md): builds
// the archive of one export row in the background. The relay (platform/outbox/relay.ts) claims
// the job with `for update skip locked` and a lease, so two instances never build the same
// export at once, and a process killed mid-way leaves the lease to expire and the job to be
// built again: at most a repeat, never a loss. Enforces:
// - a job whose export is no longer pending (built by a repeat, or expired) does nothing;
// - the progress is written after each section read, for the page's polling;
// - the archive is stored under a storage intent (no file without its row: an intent no row
//   names is swept), and the row takes its key, its size and its validity in one transaction
//   with the trail's 'ready' and the ready mail's outbox row; a repeat that finds the row
//   already ready drops what it stored;
// - failures are retried by the relay; after its last attempt the page says the export failed.
import { DATA_EXPORT_VALID_DAYS, type BrandKey } from '@espace/contract';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Channel } from '../../platform/outbox/relay';
import { clearIntents, discardStored, putWithIntent } from '../../platform/storage/intents';
import { newStorageKey, type DocumentStorage } from '../../platform/storage/storage';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import type { CustomerMailSettings } from '../requests/status-mail';
import { buildArchive } from './archive';
import { collectAccountData } from './collect';
import { recordTrail } from './exports';
import { queueDataExportReadyMail } from './ready-mail';

/** The largest archive stored: far above a customer's data, a bound all the same. */
const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;

export interface ExportJobDeps {
  db: Db;
  storage: DocumentStorage;
  issuer: DocumentIssuer;
  /** The ready mail's settings; undefined without SMTP (no mail row is written). */
  mail: CustomerMailSettings | undefined;
  /** Wakes the relay after the commit, so the ready mail leaves at once. */
  wake: () => void;
  log: { info(details: object, message: string): void };
}

export function dataExportChannel(deps: ExportJobDeps): Channel {
  const { db, storage } = deps;
  return async (job) => {
    const exportId = String(job.message.exportId);
    const row = await db
      .selectFrom('data_exports')
      .select(['id', 'account_id', 'brand', 'status'])
      .where('id', '=', exportId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending') return;
    const setProgress = async (progress: number) => {
      await db
        .updateTable('data_exports')
        .set({ progress })
        .where('id', '=', exportId)
        .where('status', '=', 'pending')
        .execute();
    };
    // The sections are read up to 80 %, the archive drawn and stored up to 100 %.
    const data = await collectAccountData(db, row.account_id, (done, total) =>
      setProgress(Math.round((done / total) * 80)),
    );
    const archive = await buildArchive(data, { issuer: deps.issuer, brand: row.brand as BrandKey });
    await setProgress(90);
    const key = newStorageKey();
    const { size } = await putWithIntent({ db, storage }, key, Readable.from([archive]), {
      maxBytes: MAX_ARCHIVE_BYTES,
    });
    const ready = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('data_exports')
        .set({
          status: 'ready',
          progress: 100,
          storage_key: key,
          size,
          ready_at: sql`now()`,
          expires_at: sql`now() + make_interval(days => ${DATA_EXPORT_VALID_DAYS})`,
        })
        .where('id', '=', exportId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await clearIntents(trx, [key]);
      await recordTrail(trx, { exportId, accountId: row.account_id, action: 'ready' });
      if (deps.mail) await queueDataExportReadyMail(trx, deps.mail, row.account_id);
      return true;
    });
    if (!ready) {
      await discardStored({ db, storage }, [key]);
      return;
    }
    deps.log.info({ exportId, size }, 'mes données : archive prête');
    deps.wake();
  };
}
