// PUT the commercial-prospecting consent (docs/product/account.md …/consent/accounts/{accountId}/{true|false}:
// empty body, JSON content type, any 2xx); the account is reloaded after (docs/product/account.md).
import { API_ROUTES, apiPath, type Account } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_READ } from '../../../api/get-account';
import { usePortalReads } from '../../../api/portal-reads';
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
  const reads = usePortalReads();
  return useMutation({
    mutationFn: (consent: boolean) => setConsent(accountId, consent),
    // The box keeps the saved value while the account reloads.
    onSuccess: (_, consent) =>
      reads.update<Account>(ACCOUNT_READ, (account) => ({
        ...account,
        commercialConsent: consent,
      })),
    onSettled: () => reads.invalidate(ACCOUNT_READ),
  });
}
