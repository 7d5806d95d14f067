import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  ageOn,
  daysBetween,
  isAtLeastAge,
  isBefore,
  isInPast,
  isIsoDate,
  isoToFrenchDate,
  isWithinMonths,
  parseDateInput,
  parseFrenchDate,
  todayInParis,
} from './dates';

describe('parseFrenchDate', () => {
  it('reads the three separators of docs/product/policies.md as ISO dates', () => {
    expect(parseFrenchDate('07.03.2026')).toBe('2026-03-07');
    expect(parseFrenchDate('07/03/2026')).toBe('2026-03-07');
    expect(parseFrenchDate('07-03-2026')).toBe('2026-03-07');
  });

  it('accepts one-digit days and months and surrounding spaces', () => {
    expect(parseFrenchDate('7.3.2026')).toBe('2026-03-07');
    expect(parseFrenchDate('  1/12/2026 ')).toBe('2026-12-01');
  });

  it('accepts 29 February of a leap year only', () => {
    expect(parseFrenchDate('29.02.2024')).toBe('2024-02-29');
    expect(parseFrenchDate('29.02.2000')).toBe('2000-02-29');
    expect(parseFrenchDate('29.02.2025')).toBeNull();
    expect(parseFrenchDate('29.02.1900')).toBeNull();
  });

  it('refuses impossible days and months', () => {
    for (const input of ['31.02.2026', '31.04.2026', '00.01.2026', '01.00.2026', '01.13.2026']) {
      expect(parseFrenchDate(input)).toBeNull();
    }
  });

  it('refuses malformed text', () => {
    const inputs = ['', '07.03.26', '07.03/2026', '2026-03-07', '7 mars 2026', '123.01.2026', 'a'];
    for (const input of inputs) expect(parseFrenchDate(input)).toBeNull();
  });
});

describe('parseDateInput', () => {
  it('keeps ISO dates and converts French ones', () => {
    expect(parseDateInput('2026-03-07')).toBe('2026-03-07');
    expect(parseDateInput(' 07.03.2026 ')).toBe('2026-03-07');
  });

  it('refuses impossible ISO dates', () => {
    expect(parseDateInput('2026-02-30')).toBeNull();
    expect(parseDateInput('2026-3-7')).toBeNull();
  });
});

describe('isIsoDate and isoToFrenchDate', () => {
  it('recognises real ISO calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2026-03-07T10:00:00Z')).toBe(false);
  });

  it('shows an ISO date as dd.mm.yyyy', () => {
    expect(isoToFrenchDate('2026-03-07')).toBe('07.03.2026');
  });

  it('throws on a value that is not an ISO date', () => {
    expect(() => isoToFrenchDate('07.03.2026')).toThrow(RangeError);
  });
});

describe('todayInParis', () => {
  it('is already the next day in Paris late in the UTC evening', () => {
    // 23:30 UTC in summer is 01:30 the next day in Paris (UTC+2).
    expect(todayInParis(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('is still the same day in the UTC evening in winter', () => {
    // 22:59 UTC in winter is 23:59 in Paris (UTC+1).
    expect(todayInParis(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(todayInParis(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('gives the day of the time-zone rules every quarter of an hour, across changes of time', () => {
    const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
    const start = Date.UTC(2025, 11, 30);
    // One assertion over every instant's disagreement, not one each: 105,000 expect() calls took
    // 1.3 s alone and over Vitest's 5 s limit beside the rest of the gate on a busy machine.
    const disagreements: string[] = [];
    for (let t = start; t < Date.UTC(2028, 0, 2); t += 15 * 60_000) {
      const now = new Date(t);
      const day = todayInParis(now);
      if (day !== parisDay.format(now)) disagreements.push(`${now.toISOString()} → ${day}`);
    }
    expect(disagreements).toEqual([]);
    expect(() => todayInParis(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isBefore and isInPast', () => {
  const today = '2026-03-15';

  it('treats today as not in the past and yesterday as past', () => {
    expect(isInPast('2026-03-15', today)).toBe(false);
    expect(isInPast('2026-03-14', today)).toBe(true);
    expect(isInPast('2026-03-16', today)).toBe(false);
  });

  it('orders across months and years', () => {
    expect(isBefore('2025-12-31', '2026-01-01')).toBe(true);
    expect(isBefore('2026-01-01', '2025-12-31')).toBe(false);
  });

  it('throws on malformed input instead of comparing text', () => {
    expect(() => isBefore('15.03.2026', today)).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('moves by calendar days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-11-21', -12)).toBe('2026-11-09');
    expect(addDays('2026-01-10', -10)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});

describe('daysBetween', () => {
  it('counts calendar days across month, year and daylight-saving changes', () => {
    expect(daysBetween('2026-11-09', '2026-11-21')).toBe(12);
    expect(daysBetween('2025-12-31', '2026-01-10')).toBe(10);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1);
  });
});

describe('ageOn and isAtLeastAge', () => {
  it('is 17 the day before the 18th birthday and 18 on the day', () => {
    expect(ageOn('2008-03-15', '2026-03-14')).toBe(17);
    expect(ageOn('2008-03-15', '2026-03-15')).toBe(18);
    expect(isAtLeastAge('2008-03-15', 18, '2026-03-14')).toBe(false);
    expect(isAtLeastAge('2008-03-15', 18, '2026-03-15')).toBe(true);
  });

  it('makes someone born on 29 February 18 on 1 March of a common year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('counts the birthday on 29 February itself in a leap year', () => {
    expect(ageOn('2012-02-29', '2032-02-28')).toBe(19);
    expect(ageOn('2012-02-29', '2032-02-29')).toBe(20);
  });

  it('counts a 28 February birthday on 28 February of a leap year', () => {
    expect(ageOn('2006-02-28', '2024-02-28')).toBe(18);
  });
});

describe('addMonths', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
  });

  it('crosses year ends both ways', () => {
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-15');
    expect(addMonths('2026-01-15', 0)).toBe('2026-01-15');
  });
});

describe('isWithinMonths', () => {
  const today = '2026-08-31';

  it('includes today and the last day of the window', () => {
    expect(isWithinMonths('2026-08-31', today, 6)).toBe(true);
    expect(isWithinMonths('2027-02-28', today, 6)).toBe(true);
  });

  it('excludes yesterday and the day after the window', () => {
    expect(isWithinMonths('2026-08-30', today, 6)).toBe(false);
    expect(isWithinMonths('2027-03-01', today, 6)).toBe(false);
  });
});
