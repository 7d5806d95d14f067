// The glass of a broken-glass claim, on its « Circonstances » step (docs/product/claims.md
// « Bris de glace »): which glass, and an impact, a crack or a broken pane — what the broker needs
// to send the customer to a repair or a replacement — and, before anything is sent, a word when
// the contract has no glass cover (contract hasGlassCover on its guarantees).
import {
  CLAIM_GLASS_DAMAGE_LABELS,
  CLAIM_GLASS_DAMAGES,
  CLAIM_GLASS_PANE_LABELS,
  CLAIM_GLASS_PANES,
} from '@espace/contract';
import { Choice, type StepForm } from './field-kit';
import { GlassCoverNotice } from './glass-cover-notice';

const PANES = CLAIM_GLASS_PANES.map((p) => ({ value: p, label: CLAIM_GLASS_PANE_LABELS[p] }));
const DAMAGES = CLAIM_GLASS_DAMAGES.map((d) => ({ value: d, label: CLAIM_GLASS_DAMAGE_LABELS[d] }));

export function GlassFields({
  form,
  uncoveredPolicy,
}: {
  form: StepForm;
  /** The contract's number when it has no glass cover. */
  uncoveredPolicy: string | undefined;
}) {
  return (
    <>
      {uncoveredPolicy && <GlassCoverNotice policyNumber={uncoveredPolicy} />}
      <Choice
        form={form}
        name="glass.pane"
        legend={'Quel vitrage est endommagé\u00a0?'}
        options={PANES}
      />
      <Choice
        form={form}
        name="glass.damage"
        legend={'Impact, fissure ou vitre brisée\u00a0?'}
        options={DAMAGES}
      />
    </>
  );
}
