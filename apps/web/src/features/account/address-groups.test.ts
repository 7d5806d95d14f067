import type { Account, GarageAddress, Policy } from '@espace/contract';
import { describe, expect, it } from 'vitest';
import { testPolicy } from '../../testing/policy';
import { groupGarageAddresses, linkedPolicy } from './address-groups';

const LILAS: GarageAddress = {
  id: 'GA-1',
  street: '18 rue des Lilas',
  zip: '69003',
  city: 'Lyon',
  country: 'France',
};
const VIGNES: GarageAddress = {
  id: 'GA-2',
  street: '4 chemin des Vignes',
  zip: '69290',
  city: 'Craponne',
  country: 'France',
};

function policy(
  policyNumber: string,
  address: GarageAddress | null,
  extra: Partial<Pick<Policy, 'state' | 'customerId'>> = {},
): Policy {
  return testPolicy({ policyNumber, address, ...extra });
}

const accountAddress = (line1: string, postalCode: string, city: string): Account['address'] => ({
  id: 'ADR-1',
  line1,
  postalCode,
  city,
  country: 'France',
  customerId: 'CUST-1',
});

describe('garage addresses grouped by address and customer (docs/product/addresses.md)', () => {
  it('makes one card per shared address, in the order the policies come', () => {
    const groups = groupGarageAddresses([
      policy('P1', LILAS),
      policy('P2', VIGNES),
      policy('P3', { ...LILAS, id: 'GA-9', street: '18 RUE DES LILAS' }),
      policy('P4', null),
    ]);
    expect(groups.map((g) => g.policies.map((p) => p.policyNumber))).toEqual([
      ['P1', 'P3'],
      ['P2'],
    ]);
    expect(groups.map((g) => g.address.city)).toEqual(['Lyon', 'Craponne']);
  });

  it('keeps the addresses of two customers apart', () => {
    const groups = groupGarageAddresses([
      policy('P1', LILAS),
      policy('P2', LILAS, { customerId: 'CUST-2' }),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups.map((g) => g.customerId)).toEqual(['CUST-1', 'CUST-2']);
  });

  it('changes a group through its first policy that is not terminated', () => {
    const [group] = groupGarageAddresses([
      policy('P1', LILAS, { state: 'Résilié' }),
      policy('P2', { ...LILAS, id: 'GA-5' }),
    ]);
    expect(group?.changeablePolicy?.policyNumber).toBe('P2');
    expect(group?.address.id).toBe('GA-5');
  });

  it('offers no change for an address whose policies are all terminated', () => {
    const [group] = groupGarageAddresses([
      policy('P1', LILAS, { state: 'Résilié' }),
      policy('P2', LILAS, { state: 'Résilié CTX' }),
    ]);
    expect(group?.policies).toHaveLength(2);
    expect(group?.changeablePolicy).toBeNull();
  });
});

describe('personal address linked to a policy (docs/product/addresses.md)', () => {
  it('finds the policy whose garage address is the account address', () => {
    const policies = [policy('P1', VIGNES), policy('P2', LILAS)];
    expect(
      linkedPolicy(accountAddress('18, rue des lilas', '69003', 'LYON'), policies)?.policyNumber,
    ).toBe('P2');
  });

  it('finds none when no garage address is the account address', () => {
    expect(
      linkedPolicy(accountAddress('1 place Bellecour', '69002', 'Lyon'), [policy('P1', LILAS)]),
    ).toBeUndefined();
  });

  it('does not count a terminated policy: its address will not change', () => {
    const policies = [policy('P1', LILAS, { state: 'Résilié' })];
    expect(linkedPolicy(accountAddress('18 rue des Lilas', '69003', 'Lyon'), policies)).toBe(
      undefined,
    );
  });
});
