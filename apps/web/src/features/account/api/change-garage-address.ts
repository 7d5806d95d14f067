// PUT …/policy/accounts/{accountId}/address/{policyNumber} (docs/product/addresses.md): the garage address, success
// on 200 with the request's reference only (docs/decisions/0046-request-reference-on-success.md). Street, city and country go upper-cased (docs/product/addresses.md). The server records it
// for every policy at that address; a success refreshes the policies through their key factory.
import {
  API_ROUTES,
  addressChangeSchema,
  apiPath,
  requestReceiptSchema,
  type Address,
  type RequestReceipt,
} from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { POLICIES_READ } from '../../../api/get-policies';
import { usePortalReads } from '../../../api/portal-reads';
import { ApiError, apiResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface GarageAddressChange {
  address: Address;
  policyNumber: string;
}

export async function changeGarageAddress(
  accountId: string,
  { address, policyNumber }: GarageAddressChange,
): Promise<RequestReceipt> {
  const response = await apiResponse(
    apiPath(API_ROUTES.garageAddress, { accountId, policyNumber }),
    { method: 'PUT', json: addressChangeSchema.parse(address) },
  );
  if (response.status !== 200) throw await ApiError.of(response);
  return requestReceiptSchema.parse(await response.json());
}

export function useChangeGarageAddress() {
  const { accountId } = useSession();
  const reads = usePortalReads();
  return useMutation({
    mutationFn: (change: GarageAddressChange) => changeGarageAddress(accountId, change),
    onSuccess: () => void reads.invalidate(POLICIES_READ),
  });
}
