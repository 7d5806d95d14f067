// French public holidays (Code du travail L3133-1) and the two ways French rules count days:
// - « jours ouvrés » (a claim's declaration, Code des assurances L113-2): Monday to Friday;
// - « jours ouvrables » (a complaint's acknowledgement, ACPR recommendation 2022-R-01): every
//   day but Sunday, Saturdays included;
// public holidays skipped in both. Easter Sunday is computed with the Meeus/Jones/Butcher algorithm (the
// Gregorian computus); Easter Monday, Ascension (+39 days) and Whit Monday (+50) follow it. The
// two extra days of Alsace-Moselle (Good Friday, 26 December) are not counted: the delay is the
// shorter one everywhere (docs/product/claims.md).
import { addDays } from '../shared/dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** Easter Sunday of a Gregorian year, ISO (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The eleven public holidays of a year, ISO dates. */
export function frenchPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'];
  return [
    ...fixed.map((day) => `${year}-${day}`),
    addDays(easter, 1), // lundi de Pâques
    addDays(easter, 39), // Ascension
    addDays(easter, 50), // lundi de Pentecôte
  ].sort();
}

const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const isPublicHoliday = (iso: string) =>
  frenchPublicHolidays(Number(iso.slice(0, 4))).includes(iso);

/** A « jour ouvré »: Monday to Friday and not a public holiday. */
export function isWorkingDay(iso: string): boolean {
  const weekday = weekdayOf(iso);
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(iso);
}

/** A « jour ouvrable »: Monday to Saturday and not a public holiday. */
export function isJourOuvrable(iso: string): boolean {
  return weekdayOf(iso) !== 0 && !isPublicHoliday(iso);
}

/**
 * The day `count` counted days after `from`: the day after `from` is the first looked at, and
 * only the days `counts` keeps are counted, so the last day is always one of them.
 */
export function addCountedDays(
  from: string,
  count: number,
  counts: (iso: string) => boolean,
): string {
  let day = from;
  let counted = 0;
  while (counted < count) {
    day = addDays(day, 1);
    if (counts(day)) counted += 1;
  }
  return day;
}
