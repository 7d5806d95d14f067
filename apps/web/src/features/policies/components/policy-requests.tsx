// The requests still being handled on one contract, on its card (docs/product/requests.md « Sur
// la carte du contrat »): how many, the first three each linking to its detail, and « Voir
// tout » to 'Mes demandes' filtered on the contract. Read with one call for all the cards, made
// after the cards are shown (the first card never waits for it); nothing shown while it loads,
// when it fails, or when nothing is open.
import type { CustomerRequest } from '@espace/contract';
import { Link } from 'react-router';
import { useOpenRequests } from '../../../api/get-open-requests';
import { paths } from '../../../lib/paths';

const SHOWN = 3;

const heading = (count: number) =>
  count > 1 ? `${count} demandes en cours` : '1 demande en cours';

export function PolicyRequests({ policyNumber }: { policyNumber: string }) {
  const { data } = useOpenRequests();
  const open: CustomerRequest[] =
    data?.items.filter((request) => request.policyNumber === policyNumber) ?? [];
  if (open.length === 0) return null;
  const titleId = `policy-${policyNumber}-requests`;
  return (
    <div className="policy-card__requests" data-testid="policy-requests">
      <h3 id={titleId}>{heading(open.length)}</h3>
      <ul aria-labelledby={titleId}>
        {open.slice(0, SHOWN).map((request) => (
          <li key={request.id}>
            <Link to={paths.accountRequest(request.reference)}>{request.kindLabel}</Link>
            {'\u00a0'}: {request.statusLabel}
          </li>
        ))}
      </ul>
      {open.length > SHOWN && (
        <Link to={`${paths.accountRequests}?contrat=${encodeURIComponent(policyNumber)}`}>
          Voir toutes les demandes du contrat
        </Link>
      )}
    </div>
  );
}
