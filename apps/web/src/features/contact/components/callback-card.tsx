// SPEC §2 /contact, §8 "Call-back request": the phone field is not validated in the browser
// (SPEC §5 "Contact"); the server refuses what is not a phone number and the error banner shows.
import { CONTACT_MESSAGES } from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { useBanner } from '../../../components/banner/banner-context';
import { usePhoneContact } from '../api/contact';
import { CONTACT_TEXTS } from '../texts';

export function CallbackCard() {
  const [phone, setPhone] = useState('');
  const { showBanner } = useBanner();
  const request = usePhoneContact();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = phone;
    request.mutate(
      { phone: typed },
      {
        onSuccess: () => {
          showBanner('success', CONTACT_MESSAGES.callbackSuccess(typed));
          setPhone('');
        },
        onError: () => showBanner('error', CONTACT_MESSAGES.callbackError),
      },
    );
  };
  return (
    <section className="card contact-card" aria-labelledby="contact-callback-title">
      <h2 id="contact-callback-title">{CONTACT_TEXTS.callbackTitle}</h2>
      <p>{CONTACT_TEXTS.callbackLead}</p>
      <form onSubmit={submit} noValidate>
        <label htmlFor="contact-phone">{CONTACT_TEXTS.callbackLabel}</label>
        <input
          id="contact-phone"
          className="input"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? CONTACT_TEXTS.sending : CONTACT_TEXTS.callbackSubmit}
        </button>
      </form>
    </section>
  );
}
