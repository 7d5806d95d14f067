import * as contract from '@espace/contract';
import { describe, expect, it } from 'vitest';
import { formatIbanGroups, formatReceivedAt, maskIban } from './card-format';

describe('the policy card formats', () => {
  it('read as the contract’s own', () => {
    for (const iso of ['2026-11-22T13:05:00Z', '2026-07-01T22:30:00.000Z', '2025-03-30T01:00:00Z'])
      expect(formatReceivedAt(iso)).toBe(contract.formatReceivedAt(iso));
    for (const iban of [
      'FR7630006000011234567890189',
      'fr76 3000 6000 0112',
      'DE89',
      ' be71\u00a0096 ',
      '',
    ])
      expect([formatIbanGroups(iban), maskIban(iban)]).toEqual([
        contract.formatIbanGroups(iban),
        contract.maskIban(iban),
      ]);
  });

  it('mask all but the country code and the last four characters', () => {
    expect(maskIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR•• •••• •••• •••• •••• •••0 189');
    expect(formatReceivedAt('2026-11-22T13:05:00Z')).toBe('22.11.2026 à 14:05');
  });
});
