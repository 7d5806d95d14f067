// The step-up (…/authentication/accounts/{accountId}/step-up; docs/product/account.md
// « Confirmer son identité »): a change that opens a new way in is refused 403
// `step_up_required` without a fresh proof. `useStepUp()` gives the writes of those changes a
// `withStepUp(action)` that, on that refusal, waits for the dialog (components/step-up.tsx) to
// prove the owner and then sends the change once more.
import { API_ROUTES, apiPath, ERROR_CODES, type StepUpRequest } from '@espace/contract';
import { createContext, useContext } from 'react';
import { api, ApiError } from '../../../lib/api-client';

export type WithStepUp = <R>(action: () => Promise<R>) => Promise<R>;

/** Outside the provider (a test rendering a section alone), the action runs as it is. */
export const StepUpContext = createContext<WithStepUp>((action) => action());

export const useStepUp = () => useContext(StepUpContext);

export const needsStepUp = (error: unknown) =>
  error instanceof ApiError &&
  typeof error.body === 'object' &&
  error.body?.error.code === ERROR_CODES.stepUpRequired;

export const sendStepUp = (accountId: string, request: StepUpRequest) =>
  api<void>(apiPath(API_ROUTES.stepUp, { accountId }), { method: 'POST', json: request });

/** A proof signed by one of the account's passkeys (the browser's ceremony, loaded only then). */
export async function passkeyProof(accountId: string): Promise<StepUpRequest> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    apiPath(API_ROUTES.stepUpPasskeyOptions, { accountId }),
    { method: 'POST' },
  );
  const answer = await startAuthentication({ optionsJSON });
  return { passkey: answer as unknown as Extract<StepUpRequest, { passkey: unknown }>['passkey'] };
}
