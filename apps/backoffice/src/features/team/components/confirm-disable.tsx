// The confirmation before disabling a member's account (docs/backoffice.md « Comptes »): a modal
// <dialog>, so focus stays in it, starts on « Annuler », Échap cancels and focus goes back to
// the button that opened it (RGAA 7.1); it says what disabling does before one confirms.
import type { StaffListing } from '@espace/contract';
import { useEffect, useRef } from 'react';

export function ConfirmDisable({
  member,
  onConfirm,
  onCancel,
}: {
  member: StaffListing | null;
  onConfirm: (member: StaffListing) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (member && !dialog?.open) {
      dialog?.showModal();
      // The safe choice first: Entrée pressed twice does not disable anyone.
      cancel.current?.focus();
    }
    if (!member && dialog?.open) dialog.close();
  }, [member]);
  return (
    <dialog
      ref={ref}
      className="card stack dialog"
      aria-labelledby="confirm-disable-title"
      aria-describedby="confirm-disable-text"
      onClose={onCancel}
      // Échap clears the state at once and the effect closes the dialog: the native close's
      // 'close' event comes a task later, and an Entrée on the button in between was lost to it
      // (the dialog stayed shut).
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {member && (
        <>
          <h2 id="confirm-disable-title">Désactiver le compte de {member.displayName}&nbsp;?</h2>
          <p id="confirm-disable-text">
            {member.displayName} ne pourra plus se connecter à la console, et ses sessions ouvertes
            seront fermées immédiatement.
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={() => onConfirm(member)}>
              Désactiver le compte
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={onCancel}
              ref={cancel}
            >
              Annuler
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
