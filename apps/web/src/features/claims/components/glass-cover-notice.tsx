// Before a broken-glass claim is sent on a contract without glass cover: said on its glass
// questions and again on the summary (docs/product/claims.md « Bris de glace »).
import { CLAIM_MESSAGES } from '@espace/contract';

export function GlassCoverNotice({ policyNumber }: { policyNumber: string }) {
  return (
    <p className="claim-notice" data-testid="claim-no-glass-cover">
      {CLAIM_MESSAGES.noGlassCover(policyNumber)}
    </p>
  );
}
