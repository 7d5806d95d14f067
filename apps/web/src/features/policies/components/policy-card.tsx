import {
  CLAIM_ENTRY,
  formatReceivedAt,
  formatCrm,
  formatDate,
  formatMoney,
  isTerminated,
  policyStateLabel,
  policyStateStyle,
  principalDriver,
  SALUTATION_LABELS,
  TERMINATION_ENTRY,
  type Policy,
} from '@espace/contract';
import { Link, useLocation } from 'react-router';
import { MenuButton, type MenuItem } from '../../../components/menu/menu-button';
import { paths } from '../../../lib/paths';
import { selectPolicy, withPolicy } from '../../../lib/selected-policy';
import { PaymentDetailsBlock } from './payment-details';
import { PolicyRequests } from './policy-requests';
import './policy-card.css';

function changeItems(policy: Policy): MenuItem[] {
  const { policyNumber } = policy;
  const state = { policyNumber };
  const select = () => selectPolicy(policyNumber);
  const link = (label: string, path: string): MenuItem => ({
    kind: 'link',
    label,
    to: withPolicy(path, policyNumber),
    state,
    onSelect: select,
  });
  const items: MenuItem[] = [
    link('Changer de véhicule', paths.changeVehicle),
    link('Ajouter un conducteur', paths.addDriver),
    link('Retirer un conducteur', paths.removeDriver),
  ];
  // docs/product/policies.md: the payment entry only when the policy has payment details.
  if (policy.paymentDetails) {
    items.push(link('Changer les coordonnées bancaires', paths.changePaymentDetails));
  }
  // docs/product/claims.md: a claim is declared on a contract in force.
  if (policyStateStyle(policy.state) === 'active') {
    items.push({
      kind: 'link',
      label: CLAIM_ENTRY,
      to: paths.claimsFor(policy.policyNumber),
    });
  }
  return items;
}

export function PolicyCard({ policy }: { policy: Policy }) {
  const risk = policy.risks[0]!;
  const terminated = isTerminated(policy);
  const driver = principalDriver(policy.drivers);
  const titleId = `policy-${policy.policyNumber}-title`;
  const location = useLocation();
  return (
    <article
      className={`card policy-card${terminated ? ' policy-card--terminated' : ''}`}
      aria-labelledby={titleId}
      data-testid="policy-card"
    >
      <header className="policy-card__header">
        <h2 id={titleId}>
          {risk.manufacturer} {risk.model}
        </h2>
        <span className={`state-badge state-badge--${policyStateStyle(policy.state)}`}>
          {policyStateLabel(policy.state)}
        </span>
      </header>
      <dl className="field-list">
        <div>
          <dt>Immatriculation</dt>
          <dd className="nowrap">{risk.licensePlate}</dd>
        </div>
        <div>
          <dt>N° de contrat</dt>
          <dd>{policy.policyNumber}</dd>
        </div>
        <div>
          <dt>Formule</dt>
          <dd>{risk.guaranteeFormula}</dd>
        </div>
        <div>
          <dt>Prime annuelle</dt>
          <dd className="nowrap">{formatMoney(policy.premiumA)}</dd>
        </div>
        <div>
          <dt>Date d’effet</dt>
          <dd>{formatDate(policy.startDate)}</dd>
        </div>
        <div>
          <dt>Bonus/Malus</dt>
          <dd>{driver ? formatCrm(driver.crm) : '—'}</dd>
        </div>
      </dl>
      {policy.drivers.length > 0 && (
        <div className="policy-card__drivers">
          <h3 id={`${titleId}-drivers`}>Conducteurs déclarés</h3>
          <ul aria-labelledby={`${titleId}-drivers`} data-testid="policy-drivers">
            {policy.drivers.map((d) => (
              <li key={d.id}>
                {SALUTATION_LABELS[d.salutation]} {d.firstName} {d.lastName}
                {d.principal && <strong> (conducteur principal)</strong>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {policy.terminationRequest && (
        <p className="policy-card__termination" data-testid="termination-requested">
          Résiliation demandée le {formatReceivedAt(policy.terminationRequest.receivedAt)} (réf.{' '}
          {policy.terminationRequest.reference}), en attente de confirmation par votre courtier.
        </p>
      )}
      {policy.paymentDetails && <PaymentDetailsBlock details={policy.paymentDetails} />}
      <PolicyRequests policyNumber={policy.policyNumber} />
      <div className="policy-card__actions">
        <Link
          className="button button--secondary"
          to={withPolicy(paths.coverages, policy.policyNumber)}
          state={{ policyNumber: policy.policyNumber, from: location.pathname + location.search }}
          onClick={() => selectPolicy(policy.policyNumber)}
          aria-label={`Couverture d’assurance du contrat ${policy.policyNumber}`}
        >
          Couverture d’assurance
        </Link>
        {!terminated && (
          <MenuButton
            label="Faire un changement"
            ariaLabel={`Faire un changement sur le contrat ${policy.policyNumber}`}
            items={changeItems(policy)}
          />
        )}
        {policyStateStyle(policy.state) === 'active' && (
          <Link
            className="button button--secondary"
            to={paths.claimsFor(policy.policyNumber)}
            aria-label={`${CLAIM_ENTRY} sur le contrat n° ${policy.policyNumber}`}
          >
            {CLAIM_ENTRY}
          </Link>
        )}
        {!terminated && (
          <Link
            className="button button--secondary"
            to={paths.contractTermination(policy.policyNumber)}
            aria-label={`${TERMINATION_ENTRY} n° ${policy.policyNumber}`}
          >
            {TERMINATION_ENTRY}
          </Link>
        )}
      </div>
    </article>
  );
}
