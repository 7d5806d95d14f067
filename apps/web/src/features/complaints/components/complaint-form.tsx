// The form of « Réclamation » (docs/product/complaints.md): the subject from the contract's short
// list, what happened, what the customer expects, and up to COMPLAINT_FILES_MAX files (the
// documents' types and size, checked again by the server). Checked with the contract's schema;
// the server's refusals go under their fields. Once sent, the caller shows the receipt.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_FILES_MAX,
  newComplaintSchema,
  type ComplaintOrigin,
} from '@espace/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { describedBy, FieldError, SelectField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { FilePicker } from '../../../components/files/file-picker';
import { ApiError } from '../../../lib/api-client';
import { useFileComplaint, type FiledComplaint } from '../api/file-complaint';
import { COMPLAINT_TEXTS as t } from '../texts';

const formSchema = newComplaintSchema.pick({ category: true, text: true, expectation: true });
interface FormValues {
  category: string;
  text: string;
  expectation: string;
}

export interface ComplaintSource {
  origin: ComplaintOrigin;
  requestReference?: string | undefined;
  conversationId?: string | undefined;
}

function TextArea({
  id,
  label,
  hint,
  error,
  ...rest
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  ref?: React.Ref<HTMLTextAreaElement>;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-hint`} className="form-field__hint">
        {hint}
      </span>
      <textarea
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

export function ComplaintForm({
  source,
  onFiled,
}: {
  source: ComplaintSource;
  onFiled(filed: FiledComplaint): void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: { category: '', text: '', expectation: '' },
    shouldFocusError: false,
  });
  const { errors } = formState;
  const formRef = useFocusFirstError(formState.submitCount);
  const send = useActionLifecycle(useFileComplaint(), {
    banners: {
      success: () => null,
      error: (error) => (error instanceof ApiError ? error.message : t.error),
    },
    onSuccess: (filed) => onFiled(filed),
    form: { setError, fields: ['category', 'text', 'expectation'] },
  });
  const submit = handleSubmit((values) =>
    send.run({
      body: { ...(values as { category: 'other'; text: string; expectation: string }), ...source },
      files,
    }),
  );
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="complaint-form"
    >
      <SelectField
        id="complaint-category"
        label={t.category}
        placeholder={t.categoryPlaceholder}
        options={COMPLAINT_CATEGORIES.map((value) => ({
          value,
          label: COMPLAINT_CATEGORY_LABELS[value],
        }))}
        error={errors.category?.message}
        className="input"
        {...register('category')}
      />
      <TextArea
        id="complaint-text"
        label={t.text}
        hint={t.textHint}
        error={errors.text?.message}
        className="input"
        {...register('text')}
      />
      <TextArea
        id="complaint-expectation"
        label={t.expectation}
        hint={t.expectationHint}
        error={errors.expectation?.message}
        className="input"
        {...register('expectation')}
      />
      <fieldset className="complaint-form__files">
        <legend>{t.files}</legend>
        <FilePicker
          onFiles={(chosen) => setFiles((all) => [...all, ...chosen].slice(0, COMPLAINT_FILES_MAX))}
          errors={[]}
          disabled={send.isPending || files.length >= COMPLAINT_FILES_MAX}
          hint={t.filesHint}
        />
        {files.length > 0 && (
          <ul className="complaint-form__chosen">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <span>{file.name}</span>{' '}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t.remove(file.name)}
                  onClick={() => setFiles((all) => all.filter((_, i) => i !== index))}
                >
                  {t.removeShort}
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <SubmitButton pending={send.isPending}>{t.submit}</SubmitButton>
    </form>
  );
}
