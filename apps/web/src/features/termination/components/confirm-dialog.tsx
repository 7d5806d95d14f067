// The confirmation before sending (SPEC §2): names the contract and its vehicle, asks whether the
// customer is sure, 'Oui, résilier le contrat' sends.
import { TERMINATION_MESSAGES, type Policy } from '@espace/contract';
import { Dialog } from '../../../components/dialog/dialog';

export function ConfirmDialog({
  policy,
  open,
  onClose,
  onConfirm,
}: {
  policy: Policy;
  open: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const risk = policy.risks[0]!;
  return (
    <Dialog open={open} title="Confirmer la résiliation" onClose={onClose}>
      <p>
        Contrat n° {policy.policyNumber} · {risk.manufacturer} {risk.model} ({risk.licensePlate})
      </p>
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
