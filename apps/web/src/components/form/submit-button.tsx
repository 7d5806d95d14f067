// The one submit button of the portal's forms: while its request is in flight it says
// so ('Envoi…', its accessible name too, and aria-busy) and is disabled, so a second
// click sends nothing (the idempotency key covers what still gets through, lib/idempotency.ts).
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export const SENDING_LABEL = 'Envoi…';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** True while the form's request runs. */
  pending: boolean;
  children: ReactNode;
  /** What the button says while pending; 'Envoi…' unless told. */
  pendingLabel?: string;
}

export function SubmitButton({
  pending,
  children,
  pendingLabel = SENDING_LABEL,
  disabled,
  className = 'button',
  ...rest
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={className}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
