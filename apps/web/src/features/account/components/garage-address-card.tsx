// docs/product/addresses.md: one 'Adresse du lieu de garage' card per address and customer, with its attached
// policies and its own 'Faire un changement' while one of them is not terminated (docs/product/addresses.md).
import type { GarageAddressGroup } from '../address-groups';
import { ACCOUNT_TEXTS } from '../texts';
import { AddressLines } from './address-lines';
import { AttachedPolicies } from './attached-policies';
import './address-card.css';

export interface GarageAddressCardProps {
  group: GarageAddressGroup;
  onChange(group: GarageAddressGroup): void;
}

export function GarageAddressCard({ group, onChange }: GarageAddressCardProps) {
  const { address } = group;
  return (
    <article
      className="card address-card"
      aria-label={`${ACCOUNT_TEXTS.garageAddress} ${address.street}`}
      data-testid="garage-address"
    >
      <h2>{ACCOUNT_TEXTS.garageAddress}</h2>
      <AddressLines {...address} />
      <AttachedPolicies policies={group.policies} />
      {group.changeablePolicy && (
        <div className="address-card__actions">
          <button
            type="button"
            className="button"
            onClick={() => onChange(group)}
            aria-label={ACCOUNT_TEXTS.changeGarage(address.street)}
          >
            {ACCOUNT_TEXTS.change}
          </button>
        </div>
      )}
    </article>
  );
}
