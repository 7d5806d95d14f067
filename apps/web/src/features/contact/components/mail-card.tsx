// SPEC §2 /contact, §8 "Email request": the message is not validated in the browser (SPEC §5);
// the reply address is the one of the signed-in account, so there is no email field.
import { CONTACT_MESSAGES } from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { useBanner } from '../../../components/banner/banner-context';
import { useMailContact } from '../api/contact';
import { CONTACT_TEXTS } from '../texts';

export function MailCard() {
  const [text, setText] = useState('');
  const { showBanner } = useBanner();
  const request = useMailContact();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      { text },
      {
        onSuccess: () => {
          showBanner('success', CONTACT_MESSAGES.mailSuccess);
          setText('');
        },
        onError: () => showBanner('error', CONTACT_MESSAGES.mailError),
      },
    );
  };
  return (
    <section className="card contact-card" aria-labelledby="contact-mail-title">
      <h2 id="contact-mail-title">{CONTACT_TEXTS.mailTitle}</h2>
      <p>{CONTACT_TEXTS.mailLead}</p>
      <form onSubmit={submit} noValidate>
        <label htmlFor="contact-message">{CONTACT_TEXTS.mailLabel}</label>
        <textarea
          id="contact-message"
          className="input"
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? CONTACT_TEXTS.sending : CONTACT_TEXTS.mailSubmit}
        </button>
      </form>
    </section>
  );
}
