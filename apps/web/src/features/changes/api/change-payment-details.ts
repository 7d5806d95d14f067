// PUT …/{policyNumber}/payment-details (docs/product/changes.md): 200 with the request's reference; the new
// details show in the policies list, so a success refreshes that query through its key factory.
import {
  API_ROUTES,
  apiPath,
  type PaymentDetailsUpdate,
  type RequestReceipt,
} from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { POLICIES_READ } from '../../../api/get-policies';
import { usePortalReads } from '../../../api/portal-reads';
import { useSession } from '../../../lib/session';
import { expectReceipt, type PolicyChange } from './policy-change';

export async function changePaymentDetails(
  accountId: string,
  policyNumber: string,
  update: PaymentDetailsUpdate,
): Promise<RequestReceipt> {
  const path = apiPath(API_ROUTES.paymentDetails, { accountId, policyNumber });
  return expectReceipt(path, { method: 'PUT', json: update });
}

export function useChangePaymentDetails() {
  const { accountId } = useSession();
  const reads = usePortalReads();
  return useMutation({
    mutationFn: ({ policyNumber, change }: PolicyChange<PaymentDetailsUpdate>) =>
      changePaymentDetails(accountId, policyNumber, change),
    // Not awaited: the success banner and navigation do not wait for the list to reload.
    onSuccess: () => void reads.invalidate(POLICIES_READ),
  });
}
