// The form of a change screen (docs/product/changes.md): validated in the browser without the
// browser's own bubbles, its fields, then the one submit button ('Envoi…' while it is sent).
import { telHref } from '@espace/contract';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { SubmitButton } from '../../../components/form/submit-button';
import type { ChangeFormState } from '../use-change-form';

export interface ChangeFormProps<TInput extends FieldValues, TOutput, TChange> {
  change: ChangeFormState<TInput, TOutput, TChange>;
  /** What a valid submission does: usually `change.send`. */
  onValid: (values: TOutput) => unknown;
  submitLabel: string;
  children: ReactNode;
}

export function ChangeForm<TInput extends FieldValues, TOutput, TChange>({
  change: { form, formRef },
  onValid,
  submitLabel,
  children,
}: ChangeFormProps<TInput, TOutput, TChange>) {
  return (
    <form ref={formRef} className="change-form" noValidate onSubmit={form.handleSubmit(onValid)}>
      {children}
      <div className="form-actions">
        <SubmitButton pending={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

/** A note above a form's fields, with the phone number to call when there is one. */
export function ChangeNote({ text, phone }: { text: string; phone?: string }) {
  return (
    <p className="change-form__note">
      {text}
      {phone && (
        <>
          {' '}
          <a href={telHref(phone)}>{phone}</a>.
        </>
      )}
    </p>
  );
}
