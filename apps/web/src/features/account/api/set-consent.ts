// PUT the commercial-prospecting consent (docs/product/account.md …/consent/accounts/{accountId}/{true|false}:
// empty body, JSON content type, any 2xx); the account is reloaded after (docs/product/account.md).
import { API_ROUTES, apiPath, type Account } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../../../api/get-account';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export async function setConsent(accountId: string, consent: boolean): Promise<void> {
  await api<void>(apiPath(API_ROUTES.consent, { accountId, consent }), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
  });
}

export function useSetConsent() {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: boolean) => setConsent(accountId, consent),
    // The box keeps the saved value while the account reloads.
    onSuccess: (_, consent) =>
      queryClient.setQueryData<Account>(
        accountQueryKey(accountId),
        (account) => account && { ...account, commercialConsent: consent },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey(accountId) }),
  });
}
