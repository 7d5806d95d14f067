// 'Mon compte' › « Sécurité »: the passkeys (…/authentication/accounts/{accountId}/passkeys).
// Adding one asks the server for the ceremony's options, runs it in the browser
// (@simplewebauthn/browser, loaded only then) and sends the answer back; each write reloads the list.
import { API_ROUTES, apiPath, type Passkey, type Passkeys } from '@espace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useStepUp } from './step-up';

export const passkeysQueryKey = (accountId: string) => ['passkeys', accountId] as const;

export function usePasskeys() {
  const { accountId } = useSession();
  return useQuery({
    queryKey: passkeysQueryKey(accountId),
    queryFn: () => api<Passkeys>(apiPath(API_ROUTES.passkeys, { accountId })),
  });
}

export async function addPasskey(accountId: string): Promise<Passkey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    apiPath(API_ROUTES.passkeyOptions, { accountId }),
    { method: 'POST' },
  );
  const answer = await startRegistration({ optionsJSON });
  return api<Passkey>(apiPath(API_ROUTES.passkeys, { accountId }), {
    method: 'POST',
    json: answer,
  });
}

export function useAddPasskey() {
  const { accountId } = useSession();
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () => withStepUp(() => addPasskey(accountId)),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysQueryKey(accountId) }),
  });
}

const removePasskey = (accountId: string, passkeyId: string) =>
  api<void>(apiPath(API_ROUTES.passkey, { accountId, passkeyId }), { method: 'DELETE' });

export function useRemovePasskey() {
  const { accountId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => removePasskey(accountId, passkeyId),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysQueryKey(accountId) }),
  });
}

/**
 * Removes several passkeys (those the ended sessions added), one after the other: one already
 * gone (404, removed meanwhile) counts as removed, so that trying again finishes the list.
 */
export function useRemovePasskeys() {
  const { accountId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (passkeyIds: string[]) => {
      for (const id of passkeyIds)
        await removePasskey(accountId, id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
      return passkeyIds;
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeysQueryKey(accountId) }),
  });
}
