// POST …/validateAddress (docs/product/addresses.md): 204 when the address is recognised. docs/product/addresses.md "Address save":
// any other answer, a network failure included, is a validation failure, which opens the
// 'Adresse non reconnue' modal rather than an error banner; the server's French reason, when it
// gives one, is shown there.
import { API_ROUTES, apiPath, type Address, type ErrorBody } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export type AddressCheck = { valid: true } | { valid: false; reason?: string };

async function reasonOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as Partial<ErrorBody>;
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}

export async function validateAddress(accountId: string, address: Address): Promise<AddressCheck> {
  let response: Response;
  try {
    response = await apiResponse(apiPath(API_ROUTES.validateAddress, { accountId }), {
      method: 'POST',
      json: address,
    });
  } catch {
    return { valid: false };
  }
  if (response.status === 204) return { valid: true };
  // Only a refusal of the address itself says why; a 5xx body is not for the customer.
  return response.status === 400
    ? { valid: false, reason: await reasonOf(response) }
    : { valid: false };
}

export function useValidateAddress() {
  const { accountId } = useSession();
  return useMutation({ mutationFn: (address: Address) => validateAddress(accountId, address) });
}
