import { describe, expect, it } from 'vitest';
import { normalizePlate } from './plate';

describe('normalizePlate', () => {
  it('accepts a SIV plate with dashes, spaces or nothing between the blocks, in any case', () => {
    for (const input of ['AB-123-CD', 'ab-123-cd', 'AB123CD', 'ab 123 cd', ' Ab - 123 - cD ']) {
      expect(normalizePlate(input)).toBe('AB-123-CD');
    }
  });

  it('refuses the letters I, O and U in either letter block', () => {
    for (const input of ['AI-123-CD', 'OB-123-CD', 'AB-123-UD', 'AB-123-CO', 'AB-123-IC']) {
      expect(normalizePlate(input)).toBeNull();
    }
  });

  it('refuses SS in either letter block', () => {
    expect(normalizePlate('SS-123-AB')).toBeNull();
    expect(normalizePlate('AB-123-SS')).toBeNull();
    expect(normalizePlate('AS-123-SA')).toBe('AS-123-SA');
  });

  it('refuses the temporary WW series on the left only', () => {
    expect(normalizePlate('WW-123-AB')).toBeNull();
    expect(normalizePlate('AB-123-WW')).toBe('AB-123-WW');
  });

  it('refuses the number 000 and accepts 001', () => {
    expect(normalizePlate('AB-000-CD')).toBeNull();
    expect(normalizePlate('AA-001-AA')).toBe('AA-001-AA');
  });

  it('refuses other shapes: old FNI plates, wrong block sizes, other characters', () => {
    const inputs = [
      '123 ABC 75',
      'AB-1234-CD',
      'A-123-CD',
      'AB-12-CD',
      'AB_123_CD',
      'AB-123-C1',
      '',
    ];
    for (const input of inputs) expect(normalizePlate(input)).toBeNull();
  });
});
