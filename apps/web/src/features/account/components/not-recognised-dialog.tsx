// docs/product/account.md: the validation did not recognise the address; the customer goes
// back to the form ('Modifier l’adresse') or saves it as typed ('Confirmer l’adresse').
// Correcting is the safe choice, so 'Modifier l’adresse' is the primary action and has the
// focus when the dialog opens; saving an unchecked address takes a deliberate second choice.
import { ADDRESS_MESSAGES } from '@espace/contract';
import { useRef } from 'react';
import { Dialog } from '../../../components/dialog/dialog';
import './address-dialog.css';

const TEXTS = ADDRESS_MESSAGES.notRecognised;

export interface NotRecognisedDialogProps {
  open: boolean;
  /** The server's French reason, when it gave one. */
  reason: string | undefined;
  busy: boolean;
  onEdit(): void;
  onConfirm(): void;
}

export function NotRecognisedDialog({
  open,
  reason,
  busy,
  onEdit,
  onConfirm,
}: NotRecognisedDialogProps) {
  const edit = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} title={TEXTS.title} onClose={onEdit} busy={busy} initialFocus={edit}>
      <p>{TEXTS.text}</p>
      {reason && <p className="address-dialog__reason">{reason}</p>}
      <div className="address-dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onConfirm}
          disabled={busy}
        >
          {TEXTS.confirm}
        </button>
        <button ref={edit} type="button" className="button" onClick={onEdit} disabled={busy}>
          {TEXTS.edit}
        </button>
      </div>
    </Dialog>
  );
}
