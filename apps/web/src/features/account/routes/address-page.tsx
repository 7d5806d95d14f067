// docs/product/addresses.md /account and /account/address: who the customer is, the personal address and the
// garage addresses grouped by address and customer, each with its 'Faire un changement'.
// docs/product/addresses.md "Personal address change": the modal only when the personal address is a policy's
// garage address, otherwise straight to /changeAddress; a garage address always asks first.
// 'Oui' stores the address data (ids only, docs/decisions/0015-browser-storage.md) and opens /changeAddress.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '../../../api/get-account';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { storeAddressData, type AddressData } from '../../../lib/address-data';
import { paths } from '../../../lib/paths';
import { groupGarageAddresses, linkedPolicy, type GarageAddressGroup } from '../address-groups';
import { CustomerCard } from '../components/customer-card';
import { GarageAddressCard } from '../components/garage-address-card';
import { LinkedPoliciesDialog } from '../components/linked-policies-dialog';
import { PersonalAddressCard } from '../components/personal-address-card';
import { ACCOUNT_TEXTS } from '../texts';

export function Component() {
  const account = useAccount();
  const policies = usePolicies();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<AddressData | null>(null);

  if (!account.data || !policies.data) return <Loading />;
  const { address } = account.data;
  const groups = groupGarageAddresses(policies.data.policies);

  const goChange = (data: AddressData) => {
    storeAddressData(data);
    // docs/product/addresses.md: the navigation state tells /changeAddress (and its page view) which address.
    void navigate(paths.changeAddress, {
      state: data.postalAddress ? { postalAddress: true } : null,
    });
  };

  const changePersonal = () => {
    const linked = linkedPolicy(address, policies.data.policies);
    const data: AddressData = {
      addressId: address.id,
      postalAddress: true,
      ...(linked ? { policyNumber: linked.policyNumber } : {}),
    };
    if (linked) setConfirming(data);
    else goChange(data);
  };

  const changeGarage = (group: GarageAddressGroup) => {
    if (!group.changeablePolicy) return;
    setConfirming({
      addressId: group.address.id,
      policyNumber: group.changeablePolicy.policyNumber,
      postalAddress: false,
    });
  };

  return (
    <>
      <CustomerCard account={account.data} />
      <PersonalAddressCard
        address={address}
        canChange={!policies.data.allNonActivePolicies}
        onChange={changePersonal}
      />
      {groups.length === 0 ? (
        <p>{ACCOUNT_TEXTS.noGarageAddress}</p>
      ) : (
        <div className="card-grid">
          {groups.map((group) => (
            <GarageAddressCard key={group.key} group={group} onChange={changeGarage} />
          ))}
        </div>
      )}
      <LinkedPoliciesDialog
        open={confirming !== null}
        onNo={() => setConfirming(null)}
        onYes={() => confirming && goChange(confirming)}
      />
    </>
  );
}
