// PUT …/account/accounts/{accountId}/address (docs/product/addresses.md): the personal address, success on 200 only
// with the request's reference (docs/decisions/0046-request-reference-on-success.md). Street, city and country go upper-cased (docs/product/addresses.md); the
// policy number is the one whose garage address was the personal address, when there is one.
// A success refreshes the account and the policies through their key factories.
import {
  API_ROUTES,
  apiPath,
  personalAddressChangeSchema,
  requestReceiptSchema,
  type RequestReceipt,
  type Address,
} from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_READ } from '../../../api/get-account';
import { POLICIES_READ } from '../../../api/get-policies';
import { usePortalReads } from '../../../api/portal-reads';
import { ApiError, apiResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface PersonalAddressChange {
  address: Address;
  policyNumber: string | undefined;
}

export async function changePersonalAddress(
  accountId: string,
  { address, policyNumber }: PersonalAddressChange,
): Promise<RequestReceipt> {
  const json = personalAddressChangeSchema.parse(
    policyNumber ? { ...address, policyNumber } : address,
  );
  const response = await apiResponse(apiPath(API_ROUTES.accountAddress, { accountId }), {
    method: 'PUT',
    json,
  });
  if (response.status !== 200) throw await ApiError.of(response);
  return requestReceiptSchema.parse(await response.json());
}

export function useChangePersonalAddress() {
  const { accountId } = useSession();
  const reads = usePortalReads();
  return useMutation({
    mutationFn: (change: PersonalAddressChange) => changePersonalAddress(accountId, change),
    // Not awaited: the banner and the way home do not wait for the lists to reload.
    onSuccess: () => {
      void reads.invalidate(ACCOUNT_READ);
      void reads.invalidate(POLICIES_READ);
    },
  });
}
