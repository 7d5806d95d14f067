// Calendar dates of the change forms (docs/product/policies.md /addDriver): typed French dates, the
// Paris calendar day, and rules on ISO 'YYYY-MM-DD' strings.
//
// Enforces: only real calendar days are accepted (no 31.02, no 29.02 of a common year); "today"
// is the day in Europe/Paris, whatever the clock of the browser or server; rules compare ISO
// strings or plain numbers, never Date objects, so no time zone or DST can move a day.
import { formatDate } from './format';

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function checkedParts(year: number, month: number, day: number): DateParts | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function toIso({ year, month, day }: DateParts): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoParts(iso: string): DateParts | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  return checkedParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The parts of an ISO date; a malformed one is a programming error, not a user error. */
function partsOf(iso: string): DateParts {
  const parts = isoParts(iso);
  if (!parts) throw new RangeError(`Not an ISO date: ${iso}`);
  return parts;
}

/** True for a real calendar day written 'YYYY-MM-DD' (docs/product/policies.md: how dates are sent). */
export function isIsoDate(input: string): boolean {
  return isoParts(input) !== null;
}

// docs/product/policies.md /addDriver: dd.mm.yyyy, dd/mm/yyyy or dd-mm-yyyy; one separator throughout.
const FRENCH_DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$/;

/** A typed French date ('7/3/2026', '07.03.2026', '07-03-2026') as ISO, or null. */
export function parseFrenchDate(input: string): string | null {
  const match = FRENCH_DATE.exec(input.trim());
  if (!match) return null;
  const parts = checkedParts(Number(match[4]), Number(match[3]), Number(match[1]));
  return parts && toIso(parts);
}

/**
 * What a date field holds: typed French text, or the ISO value of the calendar and of the API.
 * Both end as ISO, so one schema serves the form and the route (docs/decisions/0009-one-contract.md).
 */
export function parseDateInput(input: string): string | null {
  const trimmed = input.trim();
  return isIsoDate(trimmed) ? trimmed : parseFrenchDate(trimmed);
}

/** 'YYYY-MM-DD' → 'dd.mm.yyyy' (docs/product/policies.md); throws RangeError when the input is not ISO. */
export function isoToFrenchDate(iso: string): string {
  return formatDate(toIso(partsOf(iso)));
}

// Made on first use: a page's first Intl object initialises the browser's ICU (format.ts), some
// 120–290 ms of a phone's CPU, and the policies screen asks for today's date (owed documents).
let parisDay: Intl.DateTimeFormat | undefined;

/** The day in Paris at `now` from the time-zone rules (Intl). */
function parisDayOf(now: Date): string {
  parisDay ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = parisDay.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return toIso({ year: part('year'), month: part('month'), day: part('day') });
}

/**
 * The calendar day in Paris at `now`: the portal's notion of "today" on both sides. Paris is at
 * UTC+1 in winter and UTC+2 in summer, so its day is the UTC day before 22:00 UTC and the next
 * one from 23:00 UTC whichever applies: only the hour in between needs the time-zone rules.
 */
export function todayInParis(now: Date = new Date()): string {
  const hour = now.getUTCHours();
  if (hour < 22 || hour === 23) {
    const utcDay = toIso({
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
      day: now.getUTCDate(),
    });
    return hour < 22 ? utcDay : addDays(utcDay, 1);
  }
  // 22:00–22:59 UTC, or an invalid date (which Intl refuses with a RangeError).
  return parisDayOf(now);
}

/**
 * An instant of `day` in Paris, for the rules that take the current time: its noon in UTC (13:00 or
 * 14:00 in Paris), so that todayInParis gives `day` back.
 */
export function instantOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

const DAY_MS = 86_400_000;

function utcMidnight({ year, month, day }: DateParts): number {
  return Date.UTC(year, month - 1, day);
}

/** Whole calendar days from `start` to `end`, ISO dates (negative when `end` comes first). */
export function daysBetween(start: string, end: string): number {
  return Math.round((utcMidnight(partsOf(end)) - utcMidnight(partsOf(start))) / DAY_MS);
}

/** a is strictly before b (ISO dates sort as strings once validated). */
export function isBefore(a: string, b: string): boolean {
  return toIso(partsOf(a)) < toIso(partsOf(b));
}

/** docs/product/policies.md: "not in the past" means today itself is allowed. */
export function isInPast(iso: string, today: string): boolean {
  return isBefore(iso, today);
}

/**
 * Age in whole years on a given day. The birthday counts from its calendar day, so someone born
 * on 29 February turns a year older on 1 March of a common year (the French civil reading).
 */
export function ageOn(birthIso: string, onIso: string): number {
  const birth = partsOf(birthIso);
  const on = partsOf(onIso);
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** docs/product/policies.md /addDriver: the driver must be at least `years` old (MIN_DRIVER_AGE). */
export function isAtLeastAge(birthIso: string, years: number, onIso: string): boolean {
  return ageOn(birthIso, onIso) >= years;
}

/** Adds (or, when negative, takes away) calendar days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(utcMidnight(partsOf(iso)) + days * DAY_MS);
  return toIso({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  });
}

/** Adds calendar months, clamping to the month's last day (31.08 + 6 months = 28/29.02). */
export function addMonths(iso: string, months: number): string {
  const { year, month, day } = partsOf(iso);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = index - newYear * 12 + 1;
  return toIso({
    year: newYear,
    month: newMonth,
    day: Math.min(day, daysInMonth(newYear, newMonth)),
  });
}

/** docs/product/policies.md /changeVehicle: today ≤ iso ≤ today + n months, both ends included. */
export function isWithinMonths(iso: string, today: string, months: number): boolean {
  return !isBefore(iso, today) && !isBefore(addMonths(today, months), iso);
}
