// docs/product/addresses.md "Address save": the submitted form is validated first; a recognised address (204) is
// saved at once, any other answer opens 'Adresse non reconnue', from which the customer edits or
// saves anyway. The save then follows the shared action lifecycle: the banner of docs/product/addresses.md, the
// account or garage event of, then back to the address section the customer came from
// (docs/decisions/0044-address-truthfulness-and-complement.md); on failure the error banner and
// the form as typed.
import {
  ADDRESS_MESSAGES,
  toAddressPayload,
  type Address,
  type AddressForm,
} from '@espace/contract';
import { useState } from 'react';
import {
  FOLLOW_REQUEST_LINK,
  useActionLifecycle,
} from '../../../components/action/use-action-lifecycle';
import { clearAddressData, type AddressData } from '../../../lib/address-data';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { paths } from '../../../lib/paths';
import { useChangeGarageAddress } from './change-garage-address';
import { useChangePersonalAddress } from './change-personal-address';
import { useValidateAddress } from './validate-address';

const BANNERS = ADDRESS_MESSAGES.banners;

/** What the stored address data says is changed; null when it names nothing changeable. */
export type AddressChangeTarget =
  { kind: 'personal'; policyNumber: string | undefined } | { kind: 'garage'; policyNumber: string };

export function changeTarget(data: AddressData): AddressChangeTarget | null {
  if (data.postalAddress) return { kind: 'personal', policyNumber: data.policyNumber };
  return data.policyNumber ? { kind: 'garage', policyNumber: data.policyNumber } : null;
}

interface Unrecognised {
  address: Address;
  reason: string | undefined;
}

export function useAddressChange(data: AddressData, target: AddressChangeTarget) {
  const validate = useValidateAddress();
  const lifecycle = {
    // Both addresses are changed from 'Mon compte' (the personal card, or the policy's garage
    // card): the customer goes back there and sees the result (docs/product/addresses.md).
    successPath: paths.accountAddress,
    // The stored choice has served: back on /changeAddress, the customer goes to 'Mon compte'.
    onSuccess: clearAddressData,
  };
  const personal = useActionLifecycle(useChangePersonalAddress(), {
    successLink: FOLLOW_REQUEST_LINK,
    ...lifecycle,
    banners: { success: BANNERS.personalSuccess, error: BANNERS.error },
    event: ANALYTICS_EVENTS.addressChangedAccount,
  });
  const garage = useActionLifecycle(useChangeGarageAddress(), {
    successLink: FOLLOW_REQUEST_LINK,
    ...lifecycle,
    banners: { success: BANNERS.garageSuccess, error: BANNERS.error },
    event: ANALYTICS_EVENTS.addressChangedGarage,
  });
  const [unrecognised, setUnrecognised] = useState<Unrecognised | null>(null);

  const save = (address: Address) =>
    target.kind === 'personal'
      ? personal.run({ address, policyNumber: target.policyNumber })
      : garage.run({ address, policyNumber: target.policyNumber });

  const submit = async (form: AddressForm) => {
    const address = toAddressPayload(form, data.addressId);
    const check = await validate.mutateAsync(address);
    if (check.valid) await save(address);
    else setUnrecognised({ address, reason: check.reason });
  };

  const confirm = async () => {
    if (!unrecognised) return;
    await save(unrecognised.address);
    setUnrecognised(null);
  };

  return {
    submit,
    confirm,
    edit: () => setUnrecognised(null),
    unrecognised,
    busy: validate.isPending || personal.isPending || garage.isPending,
  };
}
