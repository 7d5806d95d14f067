// docs/product/addresses.md /account/address: the card 'Adresse personnelle'; 'Faire un changement' is hidden when
// every policy is terminated (docs/product/addresses.md).
import type { Account } from '@espace/contract';
import { ACCOUNT_TEXTS } from '../texts';
import { AddressLines } from './address-lines';
import './address-card.css';

export interface PersonalAddressCardProps {
  address: Account['address'];
  canChange: boolean;
  onChange(): void;
}

export function PersonalAddressCard({ address, canChange, onChange }: PersonalAddressCardProps) {
  return (
    <section
      className="card address-card"
      aria-labelledby="personal-address-title"
      data-testid="personal-address"
    >
      <h2 id="personal-address-title">{ACCOUNT_TEXTS.personalAddress}</h2>
      <AddressLines
        street={address.line1}
        zip={address.postalCode}
        city={address.city}
        country={address.country}
        complement={address.complement}
      />
      {canChange && (
        <div className="address-card__actions">
          <button
            type="button"
            className="button"
            onClick={onChange}
            aria-label={ACCOUNT_TEXTS.changePersonal}
          >
            {ACCOUNT_TEXTS.change}
          </button>
        </div>
      )}
    </section>
  );
}
