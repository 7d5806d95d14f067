// /messages (docs/product/messages.md): the customer's conversations with the broker, the latest
// first, each with its subject, its last message's date and author and its unread count, and
// « Nouveau message ».
import { formatReceivedAt } from '@espace/contract';
import { Link } from 'react-router';
import { useConversations } from '../../../api/get-conversations';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';
import { MESSAGES_TEXTS as t } from '../texts';
import '../messages.css';

export function Component() {
  const list = useConversations();
  return (
    <section aria-labelledby="messages-title" className="messages">
      <h1 id="messages-title">{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <p>
        <Link className="button" to={paths.messageNew}>
          {t.newConversation}
        </Link>
      </p>
      <h2 id="conversations-title">{t.listTitle}</h2>
      {list.isError && !list.data && <p role="alert">{t.error}</p>}
      {list.isPending && <Loading />}
      {list.data && list.data.conversations.length === 0 && <p>{t.empty}</p>}
      {list.data && list.data.conversations.length > 0 && (
        <ul className="conversation-list" aria-labelledby="conversations-title">
          {list.data.conversations.map((c) => (
            <li
              key={c.id}
              className={`card conversation-item${c.unread ? ' conversation-item--unread' : ''}`}
            >
              <Link to={paths.conversation(c.id)} className="conversation-item__subject">
                {c.subject}
              </Link>
              {c.unread > 0 && <span className="unread-badge">{t.unread(c.unread)}</span>}
              <p className="conversation-item__meta">
                <time dateTime={c.lastMessageAt}>
                  {t.lastMessage(formatReceivedAt(c.lastMessageAt))}
                </time>{' '}
                ({t.lastAuthor[c.lastAuthor]})
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
