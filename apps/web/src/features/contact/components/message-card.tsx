// /contact's written card (docs/product/contact-and-faq.md): its message field starts a
// conversation of the « Messagerie » (docs/product/messages.md) on « Autre question », and the
// success banner links to it; the « Messagerie »'s own form, for a subject of the list or a file,
// is one link away.
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { MESSAGE_REQUEST } from '../contact-requests';
import { CONTACT_TEXTS } from '../texts';
import { ContactRequestCard } from './contact-request-card';

export function MessageCard() {
  return (
    <ContactRequestCard request={MESSAGE_REQUEST}>
      <p className="contact-card__more">
        <Link to={paths.messageNew}>{CONTACT_TEXTS.messageMore}</Link>
      </p>
    </ContactRequestCard>
  );
}
