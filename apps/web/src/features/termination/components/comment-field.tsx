// The comment (docs/product/termination.md): at most 500 characters, with a live counter announced politely,
// mandatory for reason 3.
import { TERMINATION_COMMENT_MAX } from '@espace/contract';
import { useId, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldError } from '../../../components/form/form-field';

interface CommentFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  length: number;
  required: boolean;
  error: string | undefined;
  ref?: React.Ref<HTMLTextAreaElement>;
}

export function CommentField({ length, required, error, ...textarea }: CommentFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>Commentaire{required ? ' (obligatoire pour ce motif)' : ''}</label>
      <textarea
        id={id}
        rows={5}
        maxLength={TERMINATION_COMMENT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, error)}
        {...textarea}
      />
      <span id={`${id}-hint`} className="form-field__hint termination-counter" aria-live="polite">
        {length}/{TERMINATION_COMMENT_MAX} caractères
      </span>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
