// fr-FR formatting of docs/product/policies.md: amounts in EUR, dates dd.mm.yyyy.

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 1234.5 → '1 234,50 €' (with the narrow no-break spaces of fr-FR). */
export function formatMoney(amount: number): string {
  return euros.format(amount);
}

const crmFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A bonus/malus coefficient: 0.5 → '0,50'. */
export function formatCrm(crm: number): string {
  return crmFormat.format(crm);
}

/** An ISO date or date-time (YYYY-MM-DD…) shown as dd.mm.yyyy; the calendar date is kept as written. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) throw new RangeError(`Not an ISO date: ${iso}`);
  const [, y, m, d] = match;
  return `${d}.${m}.${y}`;
}
