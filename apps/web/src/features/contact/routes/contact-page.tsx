// /contact (docs/product/contact-and-faq.md): three cards — phone and hours, call-back request, a
// message to the broker (its field starts a conversation of the « Messagerie ») — and a complaint
// (docs/product/complaints.md).
import { ComplaintCard } from '../components/complaint-card';
import { ContactRequestCard } from '../components/contact-request-card';
import { MessageCard } from '../components/message-card';
import { PhoneCard } from '../components/phone-card';
import { CALLBACK_REQUEST } from '../contact-requests';
import { CONTACT_TEXTS } from '../texts';
import '../contact.css';

export function Component() {
  return (
    <section aria-labelledby="contact-title">
      <h1 id="contact-title">{CONTACT_TEXTS.title}</h1>
      <p className="lead">{CONTACT_TEXTS.intro}</p>
      <div className="card-grid contact-cards">
        <PhoneCard />
        <ContactRequestCard request={CALLBACK_REQUEST} />
        <MessageCard />
        <ComplaintCard />
      </div>
    </section>
  );
}
