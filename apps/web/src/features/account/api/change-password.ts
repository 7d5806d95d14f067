// PUT the new password (docs/product/account.md …/authentication/accounts/{accountId}/password, 204). Nothing
// cached changes: the server keeps this session and ends the others.
import { API_ROUTES, apiPath, type PasswordChangeRequest } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export async function changePassword(
  accountId: string,
  request: PasswordChangeRequest,
): Promise<void> {
  await api<void>(apiPath(API_ROUTES.password, { accountId }), { method: 'PUT', json: request });
}

export function useChangePassword() {
  const { accountId } = useSession();
  return useMutation({
    mutationFn: (request: PasswordChangeRequest) => changePassword(accountId, request),
  });
}
