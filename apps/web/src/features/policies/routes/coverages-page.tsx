import { formatMoney } from '@espace/contract';
import { Link, Navigate, useLocation } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';
import { useSelectedPolicyNumber } from '../../../lib/selected-policy';
import './coverages-page.css';

/** docs/product/policies.md /coverages: the selected policy's guarantees with description and franchise in euros. */
export function Component() {
  const policyNumber = useSelectedPolicyNumber();
  // Back to the page of policies the customer came from (?page=2), not always the first.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && /^\/(?!\/)/.test(from) ? from : paths.home;
  const { data, isPending } = usePolicies();
  if (isPending || !data) return <Loading />;
  const policy = data.policies.find((p) => p.policyNumber === policyNumber);
  if (!policy) return <Navigate to={paths.home} replace />;
  const risk = policy.risks[0]!;
  return (
    <section aria-labelledby="coverages-title">
      <p>
        <Link to={backTo}>← Mes polices d’assurance</Link>
      </p>
      <h1 id="coverages-title">Couverture d’assurance</h1>
      <p className="lead">
        {risk.manufacturer} {risk.model} ({risk.licensePlate}) · contrat n° {policy.policyNumber} ·
        formule {risk.guaranteeFormula}
      </p>
      <div className="table-wrapper">
        <table className="table">
          <caption className="visually-hidden">Garanties du contrat {policy.policyNumber}</caption>
          <thead>
            <tr>
              <th scope="col">Garantie</th>
              <th scope="col">Description</th>
              <th scope="col" className="numeric">
                Franchise
              </th>
            </tr>
          </thead>
          <tbody>
            {risk.guarantees.map((g) => (
              <tr key={g.type}>
                <th scope="row" data-label="Garantie">
                  {g.type}
                </th>
                <td data-label="Description">{g.description}</td>
                <td className="numeric" data-label="Franchise">
                  {formatMoney(g.franchise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
