// An address as it is written on an envelope: street, then postal code and city, then country.
import './address-card.css';

export interface AddressLinesProps {
  street: string;
  zip: string;
  city: string;
  country: string;
}

export function AddressLines({ street, zip, city, country }: AddressLinesProps) {
  return (
    <p className="address-lines">
      <span>{street}</span>
      <span>
        {zip} {city}
      </span>
      <span>{country}</span>
    </p>
  );
}
