// docs/product/contact-and-faq.md /contact: the customer-service number as a tel: link with the opening hours.
import { CUSTOMER_SERVICE_HOURS, PHONE_NUMBERS, telHref } from '@espace/contract';
import { CONTACT_TEXTS } from '../texts';

export function PhoneCard() {
  return (
    <section className="card contact-card" aria-labelledby="contact-phone-title">
      <h2 id="contact-phone-title">{CONTACT_TEXTS.phoneTitle}</h2>
      <p>{CONTACT_TEXTS.phoneLead}</p>
      <p className="contact-card__phone">
        <a href={telHref(PHONE_NUMBERS.customerService)}>{PHONE_NUMBERS.customerService}</a>
      </p>
      <p className="lead">{CUSTOMER_SERVICE_HOURS}</p>
    </section>
  );
}
