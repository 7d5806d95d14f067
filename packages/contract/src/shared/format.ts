// fr-FR formatting of docs/product/policies.md: amounts in EUR, dates dd.mm.yyyy.
//
// Amounts are formatted here rather than by Intl.NumberFormat, to the same characters: a page's
// first Intl object initialises the browser's ICU for that page, some 30–70 ms of a fast CPU
// (120–290 ms on a phone's, 4× slower) before the first policy card could show its premium
// (`npm run bench -- web`; docs/decisions/0143-first-screen-styles-with-the-page-and-no-intl.md).
// format.test.ts compares both on many values.

const NNBSP = '\u202f';
const NBSP = '\u00a0';

/** Intl's formats, for what is not a finite number only (NaN, ∞), made on first use. */
let intl: { euros: Intl.NumberFormat; decimal: Intl.NumberFormat } | undefined;
const intlFormats = () =>
  (intl ??= {
    euros: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }),
    decimal: new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });

/**
 * A non-negative finite number rounded to two decimals as ICU rounds it: its shortest decimal
 * form (1.005, not the binary 1.00499…) rounded half away from zero, so 1.005 → ['1', '01']
 * where toFixed(2) gives 1.00. Returns the whole part and the cents.
 */
function roundedCents(abs: number): [string, string] {
  const [mantissa, exponent] = abs.toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  // How many of `digits` make whole cents.
  const centDigits = Number(exponent) + 3;
  let kept = '0';
  let up = false;
  if (centDigits >= 0) {
    kept = digits.slice(0, centDigits).padEnd(centDigits, '0') || '0';
    up = (digits[centDigits] ?? '0') >= '5';
  }
  const cents = (BigInt(kept) + (up ? 1n : 0n)).toString().padStart(3, '0');
  return [cents.slice(0, -2), cents.slice(-2)];
}

/** `value` with two decimals, fr-FR separators: 1234.5 → '1 234,50' (U+202F between thousands). */
function frenchFixed2(value: number): string {
  const [whole, cents] = roundedCents(Math.abs(value));
  // Intl shows the sign of every negative value, -0 and what rounds to 0 included.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, NNBSP)},${cents}`;
}

/** 1234.5 → '1 234,50 €' (with the narrow no-break spaces of fr-FR). */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return intlFormats().euros.format(amount);
  return `${frenchFixed2(amount)}${NBSP}€`;
}

/** A bonus/malus coefficient: 0.5 → '0,50'. */
export function formatCrm(crm: number): string {
  return Number.isFinite(crm) ? frenchFixed2(crm) : intlFormats().decimal.format(crm);
}

/** An ISO date or date-time (YYYY-MM-DD…) shown as dd.mm.yyyy; the calendar date is kept as written. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) throw new RangeError(`Not an ISO date: ${iso}`);
  const [, y, m, d] = match;
  return `${d}.${m}.${y}`;
}
