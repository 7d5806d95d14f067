// /contact's written card (docs/product/contact-and-faq.md): writing to the broker is a new
// conversation of the « Messagerie » (docs/product/messages.md), no longer an e-mail: the card
// lists the subjects, each opening the new message with its subject chosen, where the text, a
// file and the draft kept on the server are the « Messagerie »'s own.
import { MESSAGE_TOPIC_LABELS, MESSAGE_TOPICS } from '@espace/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { CONTACT_TEXTS } from '../texts';

export function MessageCard() {
  return (
    <section className="card contact-card" aria-labelledby="contact-message-title">
      <h2 id="contact-message-title">{CONTACT_TEXTS.messageTitle}</h2>
      <p>{CONTACT_TEXTS.messageLead}</p>
      <p id="contact-message-topics">{CONTACT_TEXTS.messageTopics}</p>
      <ul className="contact-card__topics" aria-labelledby="contact-message-topics">
        {MESSAGE_TOPICS.map((topic) => (
          <li key={topic}>
            <Link to={paths.messageNewOn(topic)}>{MESSAGE_TOPIC_LABELS[topic]}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link className="button" to={paths.messageNew}>
          {CONTACT_TEXTS.messageAction}
        </Link>
      </p>
    </section>
  );
}
