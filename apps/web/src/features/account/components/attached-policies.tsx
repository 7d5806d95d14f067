// docs/product/account.md: the policies attached to a garage address, in an expandable list (a disclosure
// button with aria-expanded) labelled 'Police attachée' or 'Polices attachées'.
import { formatDate, isTerminated, type Policy } from '@espace/contract';
import { useId, useState } from 'react';
import { ACCOUNT_TEXTS } from '../texts';
import './account-fields.css';
import './attached-policies.css';

const { policy: LABELS } = ACCOUNT_TEXTS;

export function AttachedPolicies({ policies }: { policies: readonly Policy[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="attached-policies">
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {ACCOUNT_TEXTS.attachedPolicies(policies.length)} ({policies.length})
      </button>
      <ul id={listId} className="attached-policies__list" hidden={!open}>
        {policies.map((policy) => {
          const risk = policy.risks[0]!;
          return (
            <li key={policy.policyNumber} data-testid="attached-policy">
              <dl className="account-fields">
                <div>
                  <dt>{LABELS.number}</dt>
                  <dd>
                    {policy.policyNumber}
                    {isTerminated(policy) && (
                      <span className="attached-policies__state">{policy.state}</span>
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{LABELS.vehicle}</dt>
                  <dd>
                    {risk.manufacturer} {risk.model}
                  </dd>
                </div>
                <div>
                  <dt>{LABELS.plate}</dt>
                  <dd>{risk.licensePlate}</dd>
                </div>
                <div>
                  <dt>{LABELS.startDate}</dt>
                  <dd>{formatDate(policy.startDate)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
