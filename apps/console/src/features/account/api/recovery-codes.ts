// « Mon compte » › « Codes de secours » (POST /backoffice/api/me/recovery-codes): new recovery
// codes for the member's second factor, shown once, after a fresh proof when the server asks
// one (api/step-up.ts).
import { consolePath, type RecoveryCodes } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStepUp } from './step-up';

export function useRenewRecoveryCodes() {
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () =>
      withStepUp(() => api<RecoveryCodes>(consolePath('recoveryCodes'), { method: 'POST' })),
  });
}
