// The confirmation before a supervisor's change to a member's account (docs/console.md
// « Comptes »): disabling it, or resetting its access. A modal <dialog>, so focus stays in it,
// starts on « Annuler », Échap cancels and focus goes back to the button that opened it (RGAA
// 7.1); it says what the change does before one confirms.
import type { StaffListing } from '@espace/contract';
import { useEffect, useRef } from 'react';

/** What each change says: its question, what it does, and its button. */
export const CONFIRMATIONS = {
  disable: {
    title: (m: StaffListing) => `Désactiver le compte de ${m.displayName}\u00a0?`,
    text: (m: StaffListing) =>
      `${m.displayName} ne pourra plus se connecter à la console, et ses sessions ouvertes seront fermées immédiatement.`,
    confirm: 'Désactiver le compte',
  },
  reset: {
    title: (m: StaffListing) =>
      `Réinitialiser la double authentification de ${m.displayName}\u00a0?`,
    text: (m: StaffListing) =>
      `Son mot de passe et sa double authentification cesseront de fonctionner, et ses sessions seront fermées. Un lien, valable 24\u00a0heures, lui sera envoyé à ${m.email} pour choisir un nouveau mot de passe, puis activer la double authentification. Vous ne verrez ni le lien ni le mot de passe.`,
    confirm: 'Réinitialiser et envoyer le lien',
  },
} as const;

export type Confirmation = { kind: keyof typeof CONFIRMATIONS; member: StaffListing };

export function ConfirmDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: Confirmation | null;
  onConfirm: (pending: Confirmation) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (pending && !dialog?.open) {
      dialog?.showModal();
      // The safe choice first: Entrée pressed twice changes nobody's account.
      cancel.current?.focus();
    }
    if (!pending && dialog?.open) dialog.close();
  }, [pending]);
  const texts = pending && CONFIRMATIONS[pending.kind];
  return (
    <dialog
      ref={ref}
      className="card stack dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onClose={onCancel}
      // Échap clears the state at once and the effect closes the dialog: the native close's
      // 'close' event comes a task later, and an Entrée on the button in between was lost to it
      // (the dialog stayed shut).
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {pending && texts && (
        <>
          <h2 id="confirm-title">{texts.title(pending.member)}</h2>
          <p id="confirm-text">{texts.text(pending.member)}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => onConfirm(pending)}>
              {texts.confirm}
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
