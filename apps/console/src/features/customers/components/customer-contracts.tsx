// A customer's contracts as the customer sees them (read-only): the vehicle, the state, the
// premium (the documents to provide are the page's own section, with their check).
import type { Policy } from '@espace/contract';
import { formatDate, formatMoney } from '../../../lib/format';

export function CustomerContracts({ contracts }: { contracts: Policy[] }) {
  return (
    <section aria-labelledby="contracts-title">
      <h2 id="contracts-title">Contrats ({contracts.length})</h2>
      <ul className="card-list">
        {contracts.map((policy) => {
          const risk = policy.risks[0];
          return (
            <li key={policy.policyNumber} className="card">
              <h3>
                {policy.policyNumber}
                {risk && ` — ${risk.manufacturer} ${risk.model}`}
              </h3>
              <dl className="details">
                <div>
                  <dt>Immatriculation</dt>
                  <dd className="nowrap">{risk?.licensePlate ?? '—'}</dd>
                </div>
                <div>
                  <dt>État</dt>
                  <dd>{policy.state}</dd>
                </div>
                <div>
                  <dt>Formule</dt>
                  <dd>{risk?.guaranteeFormula ?? '—'}</dd>
                </div>
                <div>
                  <dt>Prime annuelle</dt>
                  <dd>{formatMoney(policy.premiumA)}</dd>
                </div>
                <div>
                  <dt>Début</dt>
                  <dd>{formatDate(policy.startDate)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
