import { describe, expect, it } from 'vitest';
import { formatIbanGroups, maskIban, normalizeIban } from '../shared/display-format';
import { checkIban, ibanCheckMessage } from './iban';
import { IBAN_MESSAGES } from './messages';

describe('normalizeIban', () => {
  it('removes every space, no-break spaces included, and upper-cases', () => {
    expect(normalizeIban(' fr76 3000\u00a06000 0112\u202f3456 7890 189 ')).toBe(
      'FR7630006000011234567890189',
    );
  });
});

describe('formatIbanGroups', () => {
  it('shows the IBAN in groups of four', () => {
    expect(formatIbanGroups('FR7630006000011234567890189')).toBe(
      'FR76 3000 6000 0112 3456 7890 189',
    );
  });

  it('regroups a partly typed, oddly spaced IBAN', () => {
    expect(formatIbanGroups('fr76 30006')).toBe('FR76 3000 6');
    expect(formatIbanGroups('')).toBe('');
  });
});

describe('checkIban', () => {
  it('accepts valid IBANs of SEPA countries, France and others (EU regulation 260/2012)', () => {
    for (const iban of [
      'FR7630006000011234567890189',
      'DE89370400440532013000',
      'ES9121000418450200051332',
      'BE68539007547034',
      'GB29NWBK60161331926819',
    ]) {
      expect(checkIban(iban)).toBe('valid');
    }
  });

  it('accepts an IBAN typed with spaces and in lower case', () => {
    expect(checkIban('fr76 3000 6000 0112 3456 7890 189')).toBe('valid');
  });

  it('tells a valid IBAN of a country outside SEPA apart (403 of docs/product/changes.md)', () => {
    expect(checkIban('BR1800360305000010009795493C1')).toBe('not-sepa');
    expect(checkIban('SA0380000000608010167519')).toBe('not-sepa');
  });

  it('rejects a wrong checksum, a wrong length and garbage (400 of docs/product/changes.md)', () => {
    expect(checkIban('FR7630006000011234567890188')).toBe('invalid');
    expect(checkIban('FR7730006000011234567890189')).toBe('invalid');
    expect(checkIban('FR763000600001123456789018')).toBe('invalid');
    expect(checkIban('DE8937040044053201300')).toBe('invalid');
    expect(checkIban('bonjour')).toBe('invalid');
    expect(checkIban('')).toBe('invalid');
  });
});

describe('ibanCheckMessage', () => {
  it('gives the docs/product/changes.md text of each failed check and nothing when valid', () => {
    expect(ibanCheckMessage('invalid')).toBe(IBAN_MESSAGES.incorrect);
    expect(ibanCheckMessage('not-sepa')).toBe(IBAN_MESSAGES.notUsable);
    expect(ibanCheckMessage('valid')).toBeNull();
  });
});

describe('maskIban', () => {
  it('keeps the country code and the last four characters, in groups of four', () => {
    expect(maskIban('FR76 1380 7000 3532 1234 5678 973')).toBe('FR•• •••• •••• •••• •••• •••8 973');
    expect(maskIban('DE89370400440532013000')).toBe('DE•• •••• •••• •••• ••30 00');
  });
});
