// The broker's side of 'Mes demandes': what its back office calls to move a request
// on. Enforces: a refusal carries the reason the customer will read, any other status none (the
// table's check constraint says the same); the current status and a timestamped history row are
// written in one transaction; a termination request's own status follows ('done' → 'processed',
// 'refused' → 'rejected', else 'received'), since it decides whether the customer may ask again.
// The portal itself never calls this: the demo seed and the tests do, as the back office would.
import type { BrokerRequestStatus } from '@espace/contract';
import type { Db } from '../../db/client';

const TERMINATION_STATUS = {
  received: 'received',
  in_progress: 'received',
  done: 'processed',
  refused: 'rejected',
} as const;

export async function setRequestStatus(
  db: Db,
  requestId: string,
  status: BrokerRequestStatus,
  reason: string | null = null,
  at: Date = new Date(),
): Promise<void> {
  if ((status === 'refused') !== Boolean(reason?.trim())) {
    throw new RangeError('A refusal needs a reason, and only a refusal has one.');
  }
  const write = async (trx: Db) => {
    await trx
      .insertInto('request_statuses')
      .values({ request_id: requestId, status, reason, updated_at: at })
      .onConflict((oc) => oc.column('request_id').doUpdateSet({ status, reason, updated_at: at }))
      .execute();
    await trx
      .insertInto('request_status_history')
      .values({ request_id: requestId, status, reason, recorded_at: at })
      .execute();
    const [source, id] = requestId.split(':', 2);
    if (source === 'termination' && id) {
      await trx
        .updateTable('termination_requests')
        .set({ status: TERMINATION_STATUS[status] })
        .where('id', '=', id)
        .execute();
    }
  };
  // Inside the caller's transaction when there is one (the demo seed), else in its own.
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}
