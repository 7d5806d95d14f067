// A modal dialog on the native <dialog> element. showModal() makes the rest
// of the page inert (focus stays inside) and closes on Escape; this component adds what the
// element lacks: a heading that names it, a close button, and focus given back on close to
// the element that opened it (WAI-ARIA APG "dialog (modal)").
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { keepFocusInPage } from '../route/focus-main';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called for Escape, the close button, or any other request to close. */
  onClose(): void;
  children: ReactNode;
  /** Keeps the dialog open on Escape, e.g. while files are being sent. */
  busy?: boolean;
  className?: string;
  /**
   * The element focused when the dialog opens (WAI-ARIA APG: the least destructive or most
   * likely action); by default the browser's choice, the first focusable element.
   */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function Dialog({
  open,
  title,
  onClose,
  children,
  busy = false,
  className = '',
  initialFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const busyRef = useRef(busy);
  useEffect(() => {
    onCloseRef.current = onClose;
    busyRef.current = busy;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may have been re-rendered away (e.g. a document sent, its row gone): then
      // focus goes to the screen's heading, never to <body>.
      if (opener?.isConnected) opener.focus();
      else keepFocusInPage();
    };
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires 'cancel': the parent decides, so its state and the element never disagree.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (!busyRef.current) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog ref={ref} className={`dialog ${className}`} aria-labelledby={titleId}>
      {open && (
        <div className="dialog__frame">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="dialog__close"
              onClick={onClose}
              disabled={busy}
              aria-label="Fermer"
            >
              ×
            </button>
          </header>
          <div className="dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
