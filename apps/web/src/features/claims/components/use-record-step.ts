// The step the customer opens is recorded in the draft (PUT …/progress without typed values, the
// only write besides « Continuer » that moves it: the typed values of the step just left do not),
// so another device resumes there (docs/product/claims.md). Recorded once per step opened, when
// the draft names another; a failure is not said (the next step's save records it again).
import type { ClaimDraft, ClaimStep } from '@espace/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { keepNewestDraft, saveClaimProgress } from '../api/claim-drafts';

export function useRecordStep(draft: ClaimDraft | undefined, step: ClaimStep | undefined) {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  const recorded = draft?.step;
  const draftId = draft?.id;
  useEffect(() => {
    if (!draftId || !step || recorded === step) return;
    saveClaimProgress(accountId, draftId, { step }).then(
      (saved) => keepNewestDraft(queryClient, accountId, saved),
      () => undefined,
    );
    // Once per step opened: the answer itself changes `recorded`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftId, step]);
}
