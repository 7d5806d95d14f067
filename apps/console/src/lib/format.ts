// How the console writes what it shows, fr-FR (docs/console.md « Boîte de réception »): dates
// and amounts as the portal writes them (the contract's formats), an age in days and hours.
export { formatDate, formatMoney, formatReceivedAt } from '@espace/contract';

/** 5 → '5 h'; 50 → '2 j 2 h'; rounded down to the hour. */
export function formatHours(hours: number): string {
  const whole = Math.max(0, Math.floor(hours));
  const days = Math.floor(whole / 24);
  const rest = whole % 24;
  if (!days) return `${rest}\u00a0h`;
  return rest ? `${days}\u00a0j ${rest}\u00a0h` : `${days}\u00a0j`;
}

/** 1536 → '1,5 Ko'. */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes}\u00a0o`;
  const units = ['Ko', 'Mo', 'Go'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0${units[unit]}`;
}
