import { describe, expect, it } from 'vitest';
import {
  addDays,
  clamp,
  dayLabel,
  isOutside,
  monthLabel,
  monthWeeks,
  WEEKDAYS,
} from './calendar-dates';

describe('the French calendar grid', () => {
  it('starts weeks on Monday, with French day names', () => {
    expect(WEEKDAYS.map((d) => d.long)).toEqual([
      'lundi',
      'mardi',
      'mercredi',
      'jeudi',
      'vendredi',
      'samedi',
      'dimanche',
    ]);
  });

  it('shows six weeks from the Monday before the first of the month', () => {
    // 1 February 2026 is a Sunday: the grid starts on Monday 26 January.
    const weeks = monthWeeks('2026-02-17');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
    ]);
    expect(weeks[5]![6]).toBe('2026-03-08');
  });

  it('moves across month ends, leap days and the DST change without losing a day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(addDays('2026-12-31', 7)).toBe('2027-01-07');
  });

  it('names days and months in French', () => {
    expect(dayLabel('2026-11-23')).toBe('lundi 23 novembre 2026');
    expect(monthLabel('2026-08-01')).toBe('août 2026');
  });

  it('keeps the focused day within the minimum and maximum', () => {
    expect(clamp('2026-01-01', '2026-03-15')).toBe('2026-03-15');
    expect(clamp('2026-12-01', undefined, '2026-09-15')).toBe('2026-09-15');
    expect(isOutside('2026-03-14', '2026-03-15')).toBe(true);
    expect(isOutside('2026-03-15', '2026-03-15', '2026-09-15')).toBe(false);
  });
});
