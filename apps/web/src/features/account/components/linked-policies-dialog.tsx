// docs/product/account.md: the address is linked to policies and changing it changes them: 'Voulez vous
// continuer?' with Non / Oui.
import { ADDRESS_MESSAGES } from '@espace/contract';
import { Dialog } from '../../../components/dialog/dialog';
import './address-dialog.css';

const TEXTS = ADDRESS_MESSAGES.linkedPolicies;

export interface LinkedPoliciesDialogProps {
  open: boolean;
  onNo(): void;
  onYes(): void;
}

export function LinkedPoliciesDialog({ open, onNo, onYes }: LinkedPoliciesDialogProps) {
  return (
    <Dialog open={open} title={TEXTS.question} onClose={onNo}>
      <p>{TEXTS.text}</p>
      <div className="address-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onNo}>
          {TEXTS.no}
        </button>
        <button type="button" className="button" onClick={onYes}>
          {TEXTS.yes}
        </button>
      </div>
    </Dialog>
  );
}
