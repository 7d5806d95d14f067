// A written-request card of /contact (docs/product/contact-and-faq.md), drawn from its definition:
// heading, lead, one labelled field and the submit button ('Envoi…' while sending). Success
// empties the field and shows the banner with its link (the request to follow, the conversation
// opened); failure shows the error banner and keeps what was typed, the server's reason under the
// field (docs/product/requests.md).
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FieldError } from '../../../components/form/form-field';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { useSendContactRequest } from '../api/send-contact-request';
import type { ContactRequestDefinition } from '../contact-requests';
import { SubmitButton } from '../../../components/form/submit-button';

export function ContactRequestCard({
  request,
  children,
}: {
  request: ContactRequestDefinition;
  /** What the card shows below its form. */
  children?: ReactNode;
}) {
  const [value, setValue] = useState('');
  // The server's reason for refusing the value (its `fields`), shown under the field.
  const [fieldError, setFieldError] = useState<string | undefined>();
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const send = useActionLifecycle(useSendContactRequest(request), {
    successLink: (result) => request.successLink(result),
    banners: {
      success: (_, sent) => request.banners.success(sent),
      error: request.banners.error,
    },
    event: request.event,
    onSuccess: () => setValue(''),
    form: {
      fields: [request.field.name],
      setError: (_name, error) => {
        setFieldError(error.message);
        fieldRef.current?.focus();
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    void send.run(value);
  };
  const { texts, field } = request;
  const errorId = `${field.id}-error`;
  const control = {
    id: field.id,
    ref: fieldRef,
    className: 'input',
    value,
    'aria-invalid': fieldError ? true : undefined,
    'aria-describedby': fieldError ? errorId : undefined,
  } as const;
  const titleId = `contact-${request.key}-title`;
  return (
    <section className="card contact-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.title}</h2>
      <p>{texts.lead}</p>
      <form onSubmit={submit} noValidate>
        <label htmlFor={field.id}>{texts.label}</label>
        {field.control === 'textarea' ? (
          <textarea {...control} rows={6} onChange={(e) => setValue(e.target.value)} />
        ) : (
          <input
            {...control}
            type="tel"
            autoComplete="tel"
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {fieldError && <FieldError id={errorId}>{fieldError}</FieldError>}
        <SubmitButton pending={send.isPending}>{texts.submit}</SubmitButton>
      </form>
      {children}
    </section>
  );
}
