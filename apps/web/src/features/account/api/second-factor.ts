// 'Mon compte' › « Sécurité » › « Double authentification » (…/authentication/accounts/
// {accountId}/second-factor): whether it is on; the secret to add to an app; its confirmation by
// a code, answered with the recovery codes; new recovery codes; turning it off with the password
// or a code. Each write reloads the status; turning it on and new codes ask for a fresh proof.
import {
  API_ROUTES,
  apiPath,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@espace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useStepUp } from './step-up';

export const secondFactorQueryKey = (accountId: string) => ['second-factor', accountId] as const;

export function useSecondFactor() {
  const { accountId } = useSession();
  return useQuery({
    queryKey: secondFactorQueryKey(accountId),
    queryFn: () => api<SecondFactorStatus>(apiPath(API_ROUTES.secondFactor, { accountId })),
  });
}

export function useStartSecondFactor() {
  const { accountId } = useSession();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () =>
      withStepUp(() =>
        api<SecondFactorEnrolment>(apiPath(API_ROUTES.secondFactorEnrolment, { accountId }), {
          method: 'POST',
        }),
      ),
  });
}

export function useConfirmSecondFactor() {
  const { accountId } = useSession();
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: (body: { code: string }) =>
      withStepUp(() =>
        api<RecoveryCodes>(apiPath(API_ROUTES.secondFactor, { accountId }), {
          method: 'PUT',
          json: body,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: secondFactorQueryKey(accountId) }),
  });
}

export function useRemoveSecondFactor() {
  const { accountId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { proof: string }) =>
      api<void>(apiPath(API_ROUTES.secondFactor, { accountId }), {
        method: 'DELETE',
        json: body,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: secondFactorQueryKey(accountId) }),
  });
}

export function useRenewRecoveryCodes() {
  const { accountId } = useSession();
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () =>
      withStepUp(() =>
        api<RecoveryCodes>(apiPath(API_ROUTES.recoveryCodes, { accountId }), { method: 'POST' }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: secondFactorQueryKey(accountId) }),
  });
}
