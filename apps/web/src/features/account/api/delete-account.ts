// DELETE the online account with its password (docs/product/account.md …/account/accounts/{accountId}, 204).
// Nothing is refetched after it: every token of the account is refused from then on, and the
// screen signs out (docs/product/account.md "Account deletion").
import { API_ROUTES, apiPath, type AccountDeletionRequest } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export async function deleteAccount(
  accountId: string,
  request: AccountDeletionRequest,
): Promise<void> {
  await api<void>(apiPath(API_ROUTES.account, { accountId }), {
    method: 'DELETE',
    json: request,
  });
}

export function useDeleteAccount() {
  const { accountId } = useSession();
  return useMutation({
    mutationFn: (request: AccountDeletionRequest) => deleteAccount(accountId, request),
  });
}
