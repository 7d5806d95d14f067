// The step-up (/backoffice/api/me/step-up; docs/console.md « Mon compte »,
// docs/decisions/0138-step-up-before-every-new-way-in.md): adding a passkey is refused 403
// `step_up_required` without a fresh proof. `useStepUp()` gives that write a
// `withStepUp(action)` that, on the refusal, waits for the dialog
// (components/step-up-dialog.tsx) to prove the member and then sends the change once more.
import { consolePath, ERROR_CODES, type StepUpRequest } from '@espace/contract';
import { createContext, useContext } from 'react';
import { api, ApiError } from '../../../lib/api-client';

export type WithStepUp = <R>(action: () => Promise<R>) => Promise<R>;

export const StepUpContext = createContext<WithStepUp>((action) => action());

export const useStepUp = () => useContext(StepUpContext);

export const needsStepUp = (error: unknown) =>
  error instanceof ApiError && error.body?.error.code === ERROR_CODES.stepUpRequired;

export const sendStepUp = (request: StepUpRequest) =>
  api<void>(consolePath('stepUp'), { method: 'POST', json: request });

/** A proof signed by one of the member's passkeys (the browser's ceremony, loaded only then). */
export async function passkeyProof(): Promise<StepUpRequest> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    consolePath('stepUpPasskeyOptions'),
    { method: 'POST' },
  );
  const answer = await startAuthentication({ optionsJSON });
  return { passkey: answer as unknown as Extract<StepUpRequest, { passkey: unknown }>['passkey'] };
}
