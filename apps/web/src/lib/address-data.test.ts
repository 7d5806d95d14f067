import { afterEach, describe, expect, it } from 'vitest';
import { clearAddressData, readAddressData, storeAddressData } from './address-data';

describe('address data in session storage (docs/product/addresses.md, docs/decisions/0015-browser-storage.md)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps the address id, the policy number and the postal-address flag', () => {
    storeAddressData({ addressId: 'ADR-1', policyNumber: 'AU2026104512', postalAddress: true });
    expect(readAddressData()).toEqual({
      addressId: 'ADR-1',
      policyNumber: 'AU2026104512',
      postalAddress: true,
    });
  });

  it('stores nothing but those ids, even when handed more', () => {
    const withAddress = {
      addressId: 'ADR-2',
      postalAddress: false,
      policyNumber: 'AU2024061108',
      street: '4 chemin des Vignes',
      city: 'Craponne',
    };
    storeAddressData(withAddress);
    const stored = Object.values(window.sessionStorage).join(' ');
    expect(stored).not.toContain('Vignes');
    expect(stored).not.toContain('Craponne');
    expect(JSON.parse(window.sessionStorage.getItem('addressData')!)).toEqual({
      addressId: 'ADR-2',
      postalAddress: false,
      policyNumber: 'AU2024061108',
    });
  });

  it('leaves the policy number out when the personal address matched no policy', () => {
    storeAddressData({ addressId: 'ADR-1', postalAddress: true });
    expect(readAddressData()).toEqual({ addressId: 'ADR-1', postalAddress: true });
  });

  it('reads nothing when nothing was stored, or when the stored value is not address data', () => {
    expect(readAddressData()).toBeNull();
    window.sessionStorage.setItem('addressData', '{not json');
    expect(readAddressData()).toBeNull();
    window.sessionStorage.setItem('addressData', JSON.stringify({ addressId: 'ADR-1' }));
    expect(readAddressData()).toBeNull();
  });

  it('forgets the choice once the change is done', () => {
    storeAddressData({ addressId: 'ADR-1', postalAddress: true });
    clearAddressData();
    expect(readAddressData()).toBeNull();
  });
});
