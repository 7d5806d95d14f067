// POST …/iban/{iban} (docs/product/changes.md): the check before a payment change. 204 usable, 400 incorrect,
// 403 not usable for SEPA direct debit; any other status or a network failure rejects.
import { API_ROUTES, apiPath } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export type IbanCheck = 'valid' | 'incorrect' | 'notUsable';

export async function checkIban(accountId: string, iban: string): Promise<IbanCheck> {
  const response = await apiResponse(apiPath(API_ROUTES.checkIban, { accountId, iban }), {
    method: 'POST',
  });
  if (response.status === 204) return 'valid';
  if (response.status === 400) return 'incorrect';
  if (response.status === 403) return 'notUsable';
  throw new ApiError(response.status, undefined);
}

export function useCheckIban() {
  const { accountId } = useSession();
  return useMutation({ mutationFn: (iban: string) => checkIban(accountId, iban) });
}
