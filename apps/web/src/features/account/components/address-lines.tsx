// An address as it is written on an envelope: the complement (bâtiment, appartement…) when there
// is one, street, then postal code and city, then country (NF Z10-011 order, decision 0044).
import './address-card.css';

export interface AddressLinesProps {
  street: string;
  zip: string;
  city: string;
  country: string;
  complement?: string | undefined;
}

export function AddressLines({ street, zip, city, country, complement }: AddressLinesProps) {
  return (
    <p className="address-lines">
      {complement && <span>{complement}</span>}
      <span>{street}</span>
      <span>
        {zip} {city}
      </span>
      <span>{country}</span>
    </p>
  );
}
