// A password input with its show/hide toggle, on the pattern of the shared form
// fields (components/form): the label names the input, the hint (the rule) sits above it, the
// error is linked by aria-describedby and announced. The toggle is a real button whose name
// stays the same ('Afficher le mot de passe : …') and whose state is aria-pressed.
import { useId, useState, type InputHTMLAttributes } from 'react';
import { describedBy, FieldError } from '../../../components/form/form-field';
import { SECURITY_TEXTS } from '../security-texts';
import './password-field.css';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  ref?: React.Ref<HTMLInputElement>;
}

export function PasswordField({ label, hint, error, id: givenId, ...input }: PasswordFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <div className="form-field password-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="form-field__hint">
          {hint}
        </span>
      )}
      <div className="password-field__row">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          spellCheck={false}
          autoCapitalize="off"
          {...input}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {SECURITY_TEXTS.show}
          <span className="visually-hidden"> {SECURITY_TEXTS.showLabelSuffix(label)}</span>
        </button>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
