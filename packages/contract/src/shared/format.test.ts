import { describe, expect, it } from 'vitest';
import { formatCrm, formatDate, formatMoney } from './format';

// fr-FR uses a narrow no-break space (U+202F) between thousands and a no-break space (U+00A0)
// before the euro sign.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('fr-FR formatting (docs/product/policies.md)', () => {
  it('formats amounts in euros with French separators', () => {
    expect(formatMoney(742.36)).toBe(`742,36${NBSP}€`);
    expect(formatMoney(1124.75)).toBe(`1${NNBSP}124,75${NBSP}€`);
    expect(formatMoney(0)).toBe(`0,00${NBSP}€`);
    expect(formatMoney(1_000_000)).toBe(`1${NNBSP}000${NNBSP}000,00${NBSP}€`);
    expect(formatMoney(518.9)).toBe(`518,90${NBSP}€`);
  });

  it('formats dates as dd.mm.yyyy, keeping the calendar date of an ISO date-time', () => {
    expect(formatDate('2026-11-09')).toBe('09.11.2026');
    expect(formatDate('2024-02-29')).toBe('29.02.2024');
    expect(formatDate('2026-12-31T23:30:00.000Z')).toBe('31.12.2026');
    expect(() => formatDate('09/11/2026')).toThrow(RangeError);
  });

  it('formats bonus/malus coefficients with two decimals', () => {
    expect(formatCrm(0.5)).toBe('0,50');
    expect(formatCrm(1)).toBe('1,00');
    expect(formatCrm(0.68)).toBe('0,68');
  });
});
