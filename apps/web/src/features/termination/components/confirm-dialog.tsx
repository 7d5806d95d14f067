// The confirmation before sending (docs/product/termination.md): names the contract and its vehicle, shows the
// indicative date of effect and its article as the server will compute them (terminationEffect
// on today's date; for a sale, the sale date and the end of the contract, decision 0043), asks
// whether the customer is sure; 'Oui, résilier le contrat' sends.
import {
  formatDate,
  TERMINATION_MESSAGES,
  type Policy,
  type TerminationEffect,
} from '@espace/contract';
import { Dialog } from '../../../components/dialog/dialog';

export function ConfirmDialog({
  policy,
  effect,
  open,
  onClose,
  onConfirm,
}: {
  policy: Policy;
  /** Null while the form is incomplete (the dialog is not open then). */
  effect: TerminationEffect | null;
  open: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const risk = policy.risks[0]!;
  return (
    <Dialog open={open} title="Confirmer la résiliation" onClose={onClose}>
      <p data-testid="confirm-contract">
        Contrat n° {policy.policyNumber} · {risk.manufacturer} {risk.model} ({risk.licensePlate})
      </p>
      {effect && (
        <>
          <dl className="field-list termination-confirm__dates">
            {effect.saleDate && (
              <div>
                <dt>{TERMINATION_MESSAGES.saleDateLabel}</dt>
                <dd>{formatDate(effect.saleDate)}</dd>
              </div>
            )}
            <div>
              <dt>{TERMINATION_MESSAGES.effectiveLabel[effect.effect]}</dt>
              <dd data-testid="confirm-effective-date">{formatDate(effect.effectiveDate)}</dd>
            </div>
            {effect.terminationDate && (
              <div>
                <dt>{TERMINATION_MESSAGES.terminationDateLabel}</dt>
                <dd data-testid="confirm-termination-date">{formatDate(effect.terminationDate)}</dd>
              </div>
            )}
          </dl>
          <p data-testid="confirm-basis">{TERMINATION_MESSAGES.basis[effect.basis]}</p>
          <p className="termination-success__note">{TERMINATION_MESSAGES.indicative}</p>
        </>
      )}
      <p>{TERMINATION_MESSAGES.confirmQuestion}</p>
      <div className="termination-confirm__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Annuler
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {TERMINATION_MESSAGES.confirm}
        </button>
      </div>
    </Dialog>
  );
}
