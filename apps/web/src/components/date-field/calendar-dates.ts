// Day arithmetic and French names for the calendar grid, on ISO 'YYYY-MM-DD' strings so no time
// zone can move a day (the same choice as packages/contract/src/shared/dates.ts).
import { addMonths, isBefore } from '@espace/contract';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

/** 0 = Monday … 6 = Sunday: French weeks start on Monday. */
export function weekdayIndex(day: string): number {
  return (utc(day).getUTCDay() + 6) % 7;
}

export const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** The 6 weeks shown for the month of `day`, Monday first (days of the adjacent months included). */
export function monthWeeks(day: string): string[][] {
  const start = addDays(firstOfMonth(day), -weekdayIndex(firstOfMonth(day)));
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => addDays(start, week * 7 + weekday)),
  );
}

export function clamp(day: string, min?: string, max?: string): string {
  if (min && isBefore(day, min)) return min;
  if (max && isBefore(max, day)) return max;
  return day;
}

export const isOutside = (day: string, min?: string, max?: string) =>
  Boolean((min && isBefore(day, min)) || (max && isBefore(max, day)));

export { addMonths };

const fullDay = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthTitle = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'lundi 23 novembre 2026': the accessible name of a day button. */
export const dayLabel = (day: string) => fullDay.format(utc(day));
/** 'novembre 2026' */
export const monthLabel = (day: string) => monthTitle.format(utc(day));

/** Monday to Sunday, long and short ('lundi', 'lun.'). */
export const WEEKDAYS = Array.from({ length: 7 }, (_, i) => {
  const day = utc(addDays('2024-01-01', i)); // 1 January 2024 was a Monday.
  return {
    long: new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: 'UTC' }).format(day),
    short: new Intl.DateTimeFormat('fr-FR', { weekday: 'short', timeZone: 'UTC' }).format(day),
  };
});
