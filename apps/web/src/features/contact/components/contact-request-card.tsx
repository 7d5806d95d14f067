// A written-request card of /contact (SPEC §2), drawn from its definition: heading, lead, one
// labelled field and the submit button ('Envoi…' while sending). Success empties the field and
// shows the banner; failure shows the error banner and keeps what was typed (SPEC §4, §8).
import { useState, type FormEvent } from 'react';
import {
  FOLLOW_REQUEST_LINK,
  useActionLifecycle,
} from '../../../components/action/use-action-lifecycle';
import { useSendContactRequest } from '../api/send-contact-request';
import type { ContactRequestDefinition } from '../contact-requests';
import { CONTACT_TEXTS } from '../texts';

export function ContactRequestCard({ request }: { request: ContactRequestDefinition }) {
  const [value, setValue] = useState('');
  const send = useActionLifecycle(useSendContactRequest(request), {
    successLink: FOLLOW_REQUEST_LINK,
    banners: {
      success: (_, sent) => request.banners.success(sent),
      error: request.banners.error,
    },
    event: request.event,
    onSuccess: () => setValue(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send.run(value);
  };
  const { texts, field } = request;
  const titleId = `contact-${request.key}-title`;
  return (
    <section className="card contact-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.title}</h2>
      <p>{texts.lead}</p>
      <form onSubmit={submit} noValidate>
        <label htmlFor={field.id}>{texts.label}</label>
        {field.control === 'textarea' ? (
          <textarea
            id={field.id}
            className="input"
            rows={6}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <input
            id={field.id}
            className="input"
            type="tel"
            autoComplete="tel"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? CONTACT_TEXTS.sending : texts.submit}
        </button>
      </form>
    </section>
  );
}
