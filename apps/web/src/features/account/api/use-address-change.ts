// SPEC §4 "Address save": the submitted form is validated first; a recognised address (204) is
// saved at once, any other answer opens 'Adresse non reconnue', from which the customer edits or
// saves anyway. The save then follows the action lifecycle: banner of SPEC §8, the account or
// garage event (§7), home; on failure the error banner and the form as typed.
import {
  ADDRESS_MESSAGES,
  toAddressPayload,
  type Address,
  type AddressForm,
} from '@espace/contract';
import { useState } from 'react';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { clearAddressData, type AddressData } from '../../../lib/address-data';
import { paths } from '../../../lib/paths';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import {
  useSaveAddress,
  type AddressChangeRequest,
  type AddressChangeTarget,
} from './save-address';
import { useValidateAddress } from './validate-address';

const BANNERS = ADDRESS_MESSAGES.banners;
const isPersonal = (request: AddressChangeRequest) => request.target.kind === 'personal';

export interface Unrecognised {
  address: Address;
  reason: string | undefined;
}

/** What the stored address data says is changed; null when it names nothing changeable. */
export function changeTarget(data: AddressData): AddressChangeTarget | null {
  if (data.postalAddress) return { kind: 'personal', policyNumber: data.policyNumber };
  return data.policyNumber ? { kind: 'garage', policyNumber: data.policyNumber } : null;
}

export function useAddressChange(data: AddressData, target: AddressChangeTarget) {
  const validate = useValidateAddress();
  const save = useActionLifecycle(useSaveAddress(), {
    banners: {
      success: (_, request) =>
        isPersonal(request) ? BANNERS.personalSuccess : BANNERS.garageSuccess,
      error: BANNERS.error,
    },
    event: (_, request) => ({
      event: isPersonal(request)
        ? ANALYTICS_EVENTS.addressChangedAccount
        : ANALYTICS_EVENTS.addressChangedGarage,
    }),
    successPath: paths.home,
    // The stored choice has served: going back to /changeAddress leads to 'Mon compte'.
    onSuccess: clearAddressData,
  });
  const [unrecognised, setUnrecognised] = useState<Unrecognised | null>(null);

  const submit = async (form: AddressForm) => {
    const address = toAddressPayload(form, data.addressId);
    const check = await validate.mutateAsync(address);
    if (check.valid) await save.run({ target, address });
    else setUnrecognised({ address, reason: check.reason });
  };

  const confirm = async () => {
    if (!unrecognised) return;
    await save.run({ target, address: unrecognised.address });
    setUnrecognised(null);
  };

  return {
    submit,
    confirm,
    edit: () => setUnrecognised(null),
    unrecognised,
    busy: validate.isPending || save.isPending,
  };
}
