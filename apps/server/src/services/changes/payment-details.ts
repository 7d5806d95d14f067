// Changing the payment details of a policy (docs/product/changes.md /changePaymentDetails "Payment details
// update"). Enforces, on top of change-requests.ts: the payment details named by `id` belong
// to the policy (else NotFoundError); the IBAN always changes, the owner only when the holder
// changes; the BIC belongs to the old bank, so a new IBAN clears it until the broker confirms the
// new one. The portal owns payment details, so they change at once, in the transaction that
// records the request.
import { CHANGE_MESSAGES, type PaymentDetails, type PaymentDetailsUpdate } from '@espace/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';
import { inChangeTransaction, recordChangeRequest } from './change-requests';

async function updatePaymentDetails(
  db: Db,
  policyNumber: string,
  update: PaymentDetailsUpdate,
): Promise<PaymentDetails> {
  const current = await db
    .selectFrom('payment_details')
    .selectAll()
    .where('policy_number', '=', policyNumber)
    .where('id', '=', update.id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw new NotFoundError(CHANGE_MESSAGES.api.noPaymentDetails);
  const { iban, ownerName, changeHolder } = update.bankAccount;
  const row = await db
    .updateTable('payment_details')
    .set({
      iban,
      bic: iban === current.iban ? current.bic : '',
      owner_name: changeHolder ? ownerName : current.owner_name,
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    paymentMethod: row.payment_method,
    bankAccount: { ownerName: row.owner_name, bic: row.bic, iban: row.iban },
  };
}

/** The request's reference (docs/decisions/0046-request-reference-on-success.md). */
export async function changePaymentDetails(
  db: Db,
  accountId: string,
  policyNumber: string,
  update: PaymentDetailsUpdate,
): Promise<string> {
  return inChangeTransaction(db, accountId, policyNumber, async (trx) => {
    await updatePaymentDetails(trx, policyNumber, update);
    return recordChangeRequest(trx, {
      type: 'change_payment_details',
      accountId,
      policyNumber,
      payload: update,
    });
  });
}
