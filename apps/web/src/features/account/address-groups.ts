// The pure rules of the address screen (docs/product/addresses.md /account/address).
//
// - Garage addresses are shown grouped by address and customer: policies of one customer whose
//   garage addresses are the same address (the contract's sameAddress, as the server reads it
//   too) make one card. Policies without a garage address are left out.
// - A group can be changed only when at least one of its policies is not terminated (docs/product/addresses.md:
//   terminated policies offer no change); the change is made for that policy, and the server
//   extends it to every other non-terminated policy of the same address.
// - The personal address is "linked" to a policy when it is that policy's garage address; only a
//   policy that can still change counts, since changing the address affects no terminated one.
import {
  addressKey,
  isTerminated,
  sameAddress,
  type Account,
  type GarageAddress,
  type Policy,
} from '@espace/contract';

export interface GarageAddressGroup {
  /** Stable across renders: customer and normalised address. */
  key: string;
  customerId: string;
  address: GarageAddress;
  policies: Policy[];
  /** The policy the change is made for, or null when every policy of the group is terminated. */
  changeablePolicy: Policy | null;
}

export function groupGarageAddresses(policies: readonly Policy[]): GarageAddressGroup[] {
  const groups = new Map<string, GarageAddressGroup>();
  for (const policy of policies) {
    if (!policy.address) continue;
    const key = `${policy.customerId}|${addressKey(policy.address)}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        customerId: policy.customerId,
        address: policy.address,
        policies: [],
        changeablePolicy: null,
      };
      groups.set(key, group);
    }
    group.policies.push(policy);
    if (!group.changeablePolicy && !isTerminated(policy)) {
      group.changeablePolicy = policy;
      // The change names this policy's own address record.
      group.address = policy.address;
    }
  }
  return [...groups.values()];
}

/** docs/product/addresses.md: the policy whose garage address is the account address, if any can still change. */
export function linkedPolicy(
  address: Account['address'],
  policies: readonly Policy[],
): Policy | undefined {
  const personal = { street: address.line1, zip: address.postalCode, city: address.city };
  return policies.find(
    (policy) => !isTerminated(policy) && policy.address && sameAddress(policy.address, personal),
  );
}
