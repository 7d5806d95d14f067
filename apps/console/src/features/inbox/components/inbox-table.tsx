// The inbox's rows: the reference links to the request's page; each age is highlighted against
// its kind's target delay, in a word as well as a colour. The table scrolls within its own
// region on a narrow screen, which the keyboard can reach (WCAG 1.4.10, 2.1.1).
import type { InboxPage } from '@espace/contract';
import { ScrollRegion } from '../../../components/scroll-region';
import { Link } from 'react-router';
import { AgeBadge } from '../../../components/age-badge';
import { AssigneeName, countOf } from '../../../components/inbox-results';
import { formatReceivedAt } from '../../../lib/format';
import { paths } from '../../../lib/paths';

export function InboxTable({ page }: { page: InboxPage }) {
  if (!page.items.length)
    return <p className="muted">Aucune demande ne correspond à ces filtres.</p>;
  return (
    <ScrollRegion labelledBy="inbox-caption">
      <table className="table">
        <caption id="inbox-caption">Demandes et sinistres ({countOf(page)})</caption>
        <thead>
          <tr>
            <th scope="col">Référence</th>
            <th scope="col">Genre</th>
            <th scope="col">Client</th>
            <th scope="col">Contrat</th>
            <th scope="col">Statut</th>
            <th scope="col">Reçue le</th>
            <th scope="col">Délai</th>
            <th scope="col">Attribuée à</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((item) => (
            <tr key={item.reference}>
              <th scope="row" className="nowrap">
                <Link to={paths.request(item.reference)}>{item.reference}</Link>
              </th>
              <td>{item.kindLabel}</td>
              <td>{item.customerName}</td>
              <td className="nowrap">{item.policyNumber ?? '—'}</td>
              <td>{item.statusLabel}</td>
              <td>{formatReceivedAt(item.createdAt)}</td>
              <td>
                <AgeBadge age={item.age} ageHours={item.ageHours} targetHours={item.targetHours} />
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
