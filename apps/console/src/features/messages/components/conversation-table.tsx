// The « Messages » inbox's rows: the subject links to the conversation; a waiting one's age is
// highlighted against its target delay, in a word as well as a colour; the customer's unread
// messages are counted. The table scrolls within its own region on a narrow screen.
import type { ConsoleConversationPage } from '@espace/contract';
import { Link } from 'react-router';
import { AgeBadge } from '../../../components/age-badge';
import { AssigneeName, countOf } from '../../../components/inbox-results';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatReceivedAt } from '../../../lib/format';
import { paths } from '../../../lib/paths';

export function ConversationTable({ page }: { page: ConsoleConversationPage }) {
  if (!page.items.length)
    return <p className="muted">Aucune conversation ne correspond à ces filtres.</p>;
  return (
    <ScrollRegion labelledBy="conversations-caption">
      <table className="table">
        <caption id="conversations-caption">Conversations ({countOf(page)})</caption>
        <thead>
          <tr>
            <th scope="col">Sujet</th>
            <th scope="col">Client</th>
            <th scope="col">Dernier message</th>
            <th scope="col">Non lus</th>
            <th scope="col">Délai</th>
            <th scope="col">Attribuée à</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <Link to={paths.conversation(item.id)}>{item.subject}</Link>
              </th>
              <td>
                {item.customerName}
                {item.customerNumber && <span className="muted"> ({item.customerNumber})</span>}
              </td>
              <td>
                {formatReceivedAt(item.lastMessageAt)}{' '}
                <span className="muted">
                  ({item.lastAuthor === 'customer' ? 'le client' : 'le courtier'})
                </span>
              </td>
              <td>{item.unread}</td>
              <td>
                {item.age && item.ageHours !== null ? (
                  <AgeBadge
                    age={item.age}
                    ageHours={item.ageHours}
                    targetHours={item.targetHours}
                  />
                ) : (
                  'Répondu'
                )}
              </td>
              <td>
                <AssigneeName assignee={item.assignee} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
