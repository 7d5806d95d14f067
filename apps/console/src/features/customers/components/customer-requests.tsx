// A customer's documents to download and their requests and claims, as the customer sees them;
// a document opens as the customer downloads it (a new tab, the read audited by the server), a
// request links to its page in the console.
import type { CustomerFile } from '@espace/contract';
import { ScrollRegion } from '../../../components/scroll-region';
import { Link } from 'react-router';
import { formatDate, formatReceivedAt } from '../../../lib/format';
import { paths } from '../../../lib/paths';

export function CustomerDocuments({ documents }: { documents: CustomerFile['documents'] }) {
  const all = documents.flatMap((group) =>
    group.documents.map((doc) => ({ ...doc, policyNumber: group.policyNumber })),
  );
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">Documents ({all.length})</h2>
      {all.length ? (
        <ul>
          {all.map((doc) => (
            <li key={`${doc.policyNumber}-${doc.id}`}>
              <a href={doc.href} target="_blank" rel="noopener">
                {doc.fileName}
              </a>{' '}
              <span className="muted">
                — {doc.policyNumber}, du {formatDate(doc.created)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aucun document.</p>
      )}
    </section>
  );
}

export function CustomerRequests({ requests }: { requests: CustomerFile['requests'] }) {
  return (
    <section aria-labelledby="requests-title">
      <h2 id="requests-title">Demandes et sinistres ({requests.total})</h2>
      {requests.items.length ? (
        <ScrollRegion labelledBy="requests-title">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Référence</th>
                <th scope="col">Genre</th>
                <th scope="col">Contrat</th>
                <th scope="col">Statut</th>
                <th scope="col">Reçue le</th>
              </tr>
            </thead>
            <tbody>
              {requests.items.map((request) => (
                <tr key={request.reference}>
                  <th scope="row">
                    <Link to={paths.request(request.reference)}>{request.reference}</Link>
                  </th>
                  <td>{request.kindLabel}</td>
                  <td>{request.policyNumber ?? '—'}</td>
                  <td>{request.statusLabel}</td>
                  <td className="nowrap">{formatReceivedAt(request.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className="muted">Aucune demande.</p>
      )}
    </section>
  );
}
