// « Mon compte » › « Clés d’accès » (/backoffice/api/me/passkeys): the signed-in staff member's
// passkeys, their second factor instead of a code. Adding one asks the server for the
// ceremony's options, runs it in the browser (@simplewebauthn/browser, loaded only then) and
// sends the answer back, after a fresh proof when the server asks one (api/step-up.ts); each
// write reloads the list.
import { consolePath, type Passkey, type Passkeys } from '@espace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { useStepUp } from './step-up';

const passkeysKey = ['me', 'passkeys'] as const;

export const usePasskeys = () =>
  useQuery({ queryKey: passkeysKey, queryFn: () => api<Passkeys>(consolePath('passkeys')) });

async function addPasskey(): Promise<Passkey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    consolePath('passkeyOptions'),
    { method: 'POST' },
  );
  const answer = await startRegistration({ optionsJSON });
  return api<Passkey>(consolePath('passkeys'), { method: 'POST', json: answer });
}

export function useAddPasskey() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () => withStepUp(addPasskey),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

const removePasskey = (passkeyId: string) =>
  api<void>(consolePath('passkey', { passkeyId }), { method: 'DELETE' });

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/**
 * Removes several passkeys (those the sessions a password change ended had added), one after
 * the other: one already gone (404) counts as removed, so that trying again finishes the list.
 */
export function useRemovePasskeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (passkeyIds: string[]) => {
      for (const id of passkeyIds)
        await removePasskey(id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
      return passkeyIds;
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}
