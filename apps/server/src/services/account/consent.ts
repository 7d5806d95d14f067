// PUT …/consent/accounts/{accountId}/{true|false} (docs/product/account.md /account/communication).
// Enforces: the account exists (NotFoundError otherwise); in one transaction the current value
// on the account (what GET account shows) and a row of consent_history with its date, value and
// source, for every request, unchanged or not: each is the customer's own statement and the
// proof of consent GDPR art. 7(1) asks the broker to keep.
import { MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';
import { recordEvent } from '../events/record-event';

export async function setCommercialConsent(
  db: Db,
  accountId: string,
  consent: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('accounts')
      .set({ commercial_consent: consent })
      .where('id', '=', accountId)
      .where('portal_deleted_at', 'is', null)
      .returning('customer_id')
      .executeTakeFirst();
    if (!updated) throw new NotFoundError(MESSAGES.api.accountNotFound);
    await trx
      .insertInto('consent_history')
      .values({ account_id: accountId, consent, source: 'portal' })
      .execute();
    await recordEvent(trx, {
      type: 'consent.changed',
      accountId,
      data: { customerNumber: updated.customer_id, consent, at: new Date().toISOString() },
    });
  });
}
