// docs/product/addresses.md /changeAddress: reached from 'Mon compte' once the address to change is stored
// (docs/product/addresses.md address data); without it the customer is sent back to the address section. The place
// search fills the form, which stays hidden until a place with address components is picked.
import { suggestionToForm, type AddressSuggestion } from '@espace/contract';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { readAddressData, type AddressData } from '../../../lib/address-data';
import { paths } from '../../../lib/paths';
import { useAddressSearch, useAddressSearchMode } from '../../../api/search-addresses';
import { AddressSearch } from '../../../components/address-search/address-search';
import {
  changeTarget,
  useAddressChange,
  type AddressChangeTarget,
} from '../api/use-address-change';
import { AddressForm } from '../components/address-form';
import { NotRecognisedDialog } from '../components/not-recognised-dialog';
import { CHANGE_ADDRESS_TEXTS as TEXTS } from '../texts';
import './change-address-page.css';

/** docs/product/addresses.md: a place with no address components leaves the form hidden. */
const hasAddressComponents = (s: AddressSuggestion) =>
  Boolean(s.streetNumber || s.street || s.postalCode || s.city);

export function Component() {
  const [data] = useState(readAddressData);
  const target = data && changeTarget(data);
  if (!data || !target) return <Navigate to={paths.accountAddress} replace />;
  return <ChangeAddress data={data} target={target} />;
}

interface Picked {
  /** Each pick starts the form afresh from the place's components. */
  pick: number;
  values: ReturnType<typeof suggestionToForm>;
}

function ChangeAddress({ data, target }: { data: AddressData; target: AddressChangeTarget }) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const change = useAddressChange(data, target);
  const { streets } = useAddressSearchMode();
  const onPick = (suggestion: AddressSuggestion) =>
    setPicked(
      hasAddressComponents(suggestion)
        ? { pick: (picked?.pick ?? 0) + 1, values: suggestionToForm(suggestion) }
        : null,
    );

  return (
    <section className="change-address" aria-labelledby="change-address-title">
      <p>
        <Link to={paths.accountAddress}>{TEXTS.back}</Link>
      </p>
      <h1 id="change-address-title">
        {data.postalAddress ? TEXTS.personalTitle : TEXTS.garageTitle}
      </h1>
      <AddressSearch
        onPick={onPick}
        streets={streets}
        hint={streets ? TEXTS.searchHintStreets : TEXTS.searchHint}
        useSuggestions={useAddressSearch}
      />
      {picked && (
        <AddressForm
          key={picked.pick}
          defaultValues={picked.values}
          onSubmit={change.submit}
          busy={change.busy}
        />
      )}
      <NotRecognisedDialog
        open={change.unrecognised !== null}
        reason={change.unrecognised?.reason}
        busy={change.busy}
        onEdit={change.edit}
        onConfirm={() => void change.confirm()}
      />
    </section>
  );
}
