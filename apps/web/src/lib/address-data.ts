// docs/product/addresses.md "Session storage": the address the customer chose to
// change, kept in session storage between /account/address and /changeAddress.
//
// Enforces docs/decisions/0015-browser-storage.md: only ids and a flag are stored (the address id, the
// policy number, whether it is the personal address), never the address itself nor any other
// personal data. Anything else found under the key reads as nothing stored.

const KEY = 'addressData';

export interface AddressData {
  /** The id of the address being changed (account address or garage address). */
  addressId: string;
  /** Personal: the policy whose garage address matched; garage: the policy it is changed for. */
  policyNumber?: string;
  /** True for the personal (postal) address, false for a garage address. */
  postalAddress: boolean;
}

export function storeAddressData(data: AddressData): void {
  const stored: AddressData = {
    addressId: data.addressId,
    postalAddress: data.postalAddress,
    ...(data.policyNumber ? { policyNumber: data.policyNumber } : {}),
  };
  window.sessionStorage.setItem(KEY, JSON.stringify(stored));
}

export function readAddressData(): AddressData | null {
  const raw = window.sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.addressId !== 'string' || !value.addressId) return null;
    if (typeof value.postalAddress !== 'boolean') return null;
    if (value.policyNumber !== undefined && typeof value.policyNumber !== 'string') return null;
    return {
      addressId: value.addressId,
      postalAddress: value.postalAddress,
      ...(value.policyNumber ? { policyNumber: value.policyNumber } : {}),
    };
  } catch {
    return null;
  }
}

/** After a successful change: the stored choice has been used. */
export function clearAddressData(): void {
  window.sessionStorage.removeItem(KEY);
}
