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

  // 60,000 values through Intl and ours: a fraction of a second alone, but it once timed out in CI
  // at 7.4 s under load, when each value had its own expect(); the limit stays generous.
  it(
    'gives exactly what Intl.NumberFormat gives, rounding and signs included',
    { timeout: 60_000 },
    () => {
      const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
      const decimal = new Intl.NumberFormat('fr-FR', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      const values = [
        0,
        -0,
        1.005,
        2.675,
        0.125,
        0.005,
        0.0049,
        0.004999,
        999.995,
        999_999.995,
        -1.005,
        -0.001,
        -0.005,
        1e-7,
        5e-3,
        123_456_789.125,
        1e15 + 0.5,
        2 ** 53,
        1e21,
        1.7e308,
        Number.MIN_VALUE,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
      ];
      // A fixed sequence (a linear congruential generator): amounts with up to 4 decimals, ties of
      // a half cent, and any double across magnitudes.
      let seed = 20261124;
      const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      for (let i = 0; i < 20_000; i++) {
        const magnitude = 10 ** Math.floor(next() * 12);
        values.push(Math.round(next() * magnitude * 10_000) / 10_000);
        values.push((Math.floor(next() * magnitude * 100) + 0.5) / 100);
        values.push((next() - 0.5) * magnitude);
      }
      // One assertion over every disagreement: 120,000 expect() calls were most of its time.
      const disagreements: string[] = [];
      for (const value of values) {
        const [money, crm] = [formatMoney(value), formatCrm(value)];
        const shown = Object.is(value, -0) ? '-0' : String(value);
        if (money !== euros.format(value)) disagreements.push(`formatMoney(${shown}) → ${money}`);
        if (crm !== decimal.format(value)) disagreements.push(`formatCrm(${shown}) → ${crm}`);
      }
      expect(disagreements).toEqual([]);
    },
  );
});
