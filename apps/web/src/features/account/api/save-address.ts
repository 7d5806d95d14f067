// The two address changes of SPEC §7: PUT …/account/…/address (personal address, success on 200
// only, with the updated account) and PUT …/policy/…/address/{policyNumber} (garage address,
// success on 204 only, SPEC §4). Either refreshes the account and the policies, which show both.
import {
  API_ROUTES,
  addressChangeSchema,
  apiPath,
  personalAddressChangeSchema,
  type Account,
  type Address,
} from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../../../api/get-account';
import { policiesQueryKey } from '../../../api/get-policies';
import { ApiError, apiResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export type AddressChangeTarget =
  | { kind: 'personal'; policyNumber?: string | undefined }
  | { kind: 'garage'; policyNumber: string };

export interface AddressChangeRequest {
  target: AddressChangeTarget;
  address: Address;
}

async function expectStatus(path: string, body: unknown, status: number): Promise<Response> {
  const response = await apiResponse(path, { method: 'PUT', json: body });
  if (response.status !== status) throw new ApiError(response.status, undefined);
  return response;
}

/** SPEC §3: street, city and country upper-cased; the policy number of the matched policy. */
export async function savePersonalAddress(
  accountId: string,
  address: Address,
  policyNumber?: string,
): Promise<Account> {
  const body = personalAddressChangeSchema.parse(
    policyNumber ? { ...address, policyNumber } : address,
  );
  const response = await expectStatus(apiPath(API_ROUTES.accountAddress, { accountId }), body, 200);
  return (await response.json()) as Account;
}

export async function saveGarageAddress(
  accountId: string,
  policyNumber: string,
  address: Address,
): Promise<void> {
  const body = addressChangeSchema.parse(address);
  await expectStatus(apiPath(API_ROUTES.garageAddress, { accountId, policyNumber }), body, 204);
}

export function useSaveAddress() {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, address }: AddressChangeRequest) => {
      if (target.kind === 'personal')
        await savePersonalAddress(accountId, address, target.policyNumber);
      else await saveGarageAddress(accountId, target.policyNumber, address);
    },
    // Not awaited: the banner and the way home do not wait for the lists to reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKey(accountId) });
      void queryClient.invalidateQueries({ queryKey: policiesQueryKey(accountId) });
    },
  });
}
