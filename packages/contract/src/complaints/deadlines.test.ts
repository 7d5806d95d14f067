// The complaint's deadlines against a working-day calendar written here, independently of
// claims/holidays.ts: the French public holidays of 2026 and 2027 typed from the official list.
import { describe, expect, it } from 'vitest';
import { complaintDeadlines, isLate } from './deadlines';

const HOLIDAYS = new Set([
  // 2026: Easter Sunday 5 April.
  '2026-01-01',
  '2026-04-06',
  '2026-05-01',
  '2026-05-08',
  '2026-05-14',
  '2026-05-25',
  '2026-07-14',
  '2026-08-15',
  '2026-11-01',
  '2026-11-11',
  '2026-12-25',
  // 2027: Easter Sunday 28 March.
  '2027-01-01',
  '2027-03-29',
  '2027-05-01',
  '2027-05-06',
  '2027-05-08',
  '2027-05-17',
  '2027-07-14',
  '2027-08-15',
  '2027-11-01',
  '2027-11-11',
  '2027-12-25',
]);

/** The 10th working day after `day`, counted one calendar day at a time with plain Dates. */
function tenthWorkingDayAfter(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  let counted = 0;
  while (counted < 10) {
    date.setUTCDate(date.getUTCDate() + 1);
    const iso = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(iso)) counted += 1;
  }
  return date.toISOString().slice(0, 10);
}

describe('complaint deadlines', () => {
  it('gives 10 working days to acknowledge, holidays skipped, filed just before Christmas', () => {
    // 23.12.2026 (Wed): 24, 28, 29, 30, 31 Dec, 4, 5, 6, 7, 8 Jan (25 Dec and 1 Jan skipped).
    expect(complaintDeadlines('2026-12-23')).toEqual({
      acknowledgeBy: '2027-01-08',
      answerBy: '2027-02-23',
    });
  });

  it('skips 1 May, 6 May (Ascension), 8 May (a Saturday) and Whit Monday in 2027', () => {
    // 30.04.2027 (Fri): 3, 4, 5, 7, 10, 11, 12, 13, 14, 18 May.
    expect(complaintDeadlines('2027-04-30').acknowledgeBy).toBe('2027-05-18');
  });

  it('answers within two calendar months, the month’s last day when shorter', () => {
    expect(complaintDeadlines('2026-12-31').answerBy).toBe('2027-02-28');
    expect(complaintDeadlines('2027-12-31').answerBy).toBe('2028-02-29');
    expect(complaintDeadlines('2026-11-26').answerBy).toBe('2027-01-26');
  });

  it('agrees with the calendar above on every day of 2026 and 2027', () => {
    const day = new Date('2026-01-01T12:00:00Z');
    while (day.getUTCFullYear() < 2028) {
      const iso = day.toISOString().slice(0, 10);
      // Until mid-December 2027: the 10th working day must stay inside the typed calendar.
      if (iso <= '2027-12-15')
        expect(complaintDeadlines(iso).acknowledgeBy, iso).toBe(tenthWorkingDayAfter(iso));
      day.setUTCDate(day.getUTCDate() + 1);
    }
  });

  it('is late only after the last day', () => {
    expect(isLate('2027-01-08', '2027-01-08', '2027-02-01')).toBe(false);
    expect(isLate('2027-01-08', '2027-01-09', '2027-02-01')).toBe(true);
    expect(isLate('2027-01-08', null, '2027-01-08')).toBe(false);
    expect(isLate('2027-01-08', null, '2027-01-11')).toBe(true);
  });
});
