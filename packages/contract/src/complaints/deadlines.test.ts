// The complaint's deadlines against a calendar written here, independently of
// claims/holidays.ts: the French public holidays of 2026 and 2027 typed from the official list,
// and « jours ouvrables » as ACPR recommendation 2022-R-01 counts them (docs/product/complaints.md):
// every day but Sundays and public holidays, Saturdays included, the day of receipt not counted.
import { describe, expect, it } from 'vitest';
import { addJoursOuvrables, complaintDeadlines, isLate } from './deadlines';

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

/** The 10th jour ouvrable after `day`, counted one calendar day at a time with plain Dates. */
function tenthJourOuvrableAfter(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  let counted = 0;
  while (counted < 10) {
    date.setUTCDate(date.getUTCDate() + 1);
    const iso = date.toISOString().slice(0, 10);
    if (date.getUTCDay() !== 0 && !HOLIDAYS.has(iso)) counted += 1;
  }
  return date.toISOString().slice(0, 10);
}

describe('complaint deadlines', () => {
  it('gives 10 jours ouvrables to acknowledge, filed just before Christmas (issue 70)', () => {
    // Thu 24.12.2026: Sat 26, 28, 29, 30, 31 Dec, Sat 2, 4, 5, 6, 7 Jan (25 Dec, 1 Jan and
    // the Sundays skipped). Counted in jours ouvrés it would be Mon 11.01.2027, four days later.
    expect(complaintDeadlines('2026-12-24')).toEqual({
      acknowledgeBy: '2027-01-07',
      answerBy: '2027-02-24',
    });
    // Filed on Christmas Day itself or the Sunday after: the day of receipt never counts.
    expect(complaintDeadlines('2026-12-25').acknowledgeBy).toBe('2027-01-07');
    // Sun 27.12.2026: 28, 29, 30, 31 Dec, Sat 2, 4, 5, 6, 7, 8 Jan.
    expect(complaintDeadlines('2026-12-27').acknowledgeBy).toBe('2027-01-08');
  });

  it('counts the Saturdays, from a Saturday receipt', () => {
    // Sat 07.11.2026: 9, 10, (11 Armistice), 12, 13, Sat 14, 16, 17, 18, 19, 20 Nov.
    expect(complaintDeadlines('2026-11-07').acknowledgeBy).toBe('2026-11-20');
    // Sat 03.10.2026, no holiday: 5, 6, 7, 8, 9, Sat 10, 12, 13, 14, 15 Oct.
    expect(complaintDeadlines('2026-10-03').acknowledgeBy).toBe('2026-10-15');
  });

  it('skips 14 July, and may end on a Saturday', () => {
    // Mon 13.07.2026: (Tue 14), 15, 16, 17, Sat 18, 20, 21, 22, 23, 24, Sat 25 Jul.
    expect(complaintDeadlines('2026-07-13').acknowledgeBy).toBe('2026-07-25');
  });

  it('skips Ascension and Whit Monday', () => {
    // Wed 13.05.2026: (Thu 14 Ascension), 15, Sat 16, 18, 19, 20, 21, 22, Sat 23,
    // (Mon 25 Whit Monday), 26, 27 May.
    expect(complaintDeadlines('2026-05-13').acknowledgeBy).toBe('2026-05-27');
  });

  it('skips 1 May and 8 May, and a holiday falling on a Saturday', () => {
    // Thu 30.04.2026: (Fri 1 May), Sat 2, 4, 5, 6, 7, (Fri 8 May), Sat 9, 11, 12, 13,
    // (Thu 14 Ascension), 15 May.
    expect(complaintDeadlines('2026-04-30').acknowledgeBy).toBe('2026-05-15');
    // Fri 30.04.2027: (Sat 1 May), 3, 4, 5, (Thu 6 Ascension), 7, (Sat 8 May), 10, 11, 12,
    // 13, 14, Sat 15 May.
    expect(complaintDeadlines('2027-04-30').acknowledgeBy).toBe('2027-05-15');
  });

  it('never ends on a Sunday or a public holiday', () => {
    // Fri 30.10.2026: Sat 31, (Sun 1 Nov, All Saints), 2, 3, 4, 5, 6, Sat 7, 9, 10,
    // (Wed 11 Armistice), 12 Nov: the 10th day would have been 11 November had holidays counted.
    expect(addJoursOuvrables('2026-10-30', 10)).toBe('2026-11-12');
    expect(addJoursOuvrables('2026-12-23', 1)).toBe('2026-12-24');
    expect(addJoursOuvrables('2026-12-24', 1)).toBe('2026-12-26');
    expect(addJoursOuvrables('2026-12-26', 1)).toBe('2026-12-28');
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
      // Until mid-December 2027: the 10th jour ouvrable must stay inside the typed calendar.
      if (iso <= '2027-12-15')
        expect(complaintDeadlines(iso).acknowledgeBy, iso).toBe(tenthJourOuvrableAfter(iso));
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
