import { describe, expect, it } from 'vitest';
import { claimDeadline, isLateDeclaration } from './deadline';
import { easterSunday, frenchPublicHolidays, isJourOuvrable, isWorkingDay } from './holidays';
import { deadlineText, declaredText } from './messages';

describe('French public holidays', () => {
  it('finds Easter Sunday with the Gregorian computus', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('lists the eleven days of 2026, Easter Monday, Ascension and Whit Monday included', () => {
    expect(frenchPublicHolidays(2026)).toEqual([
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
    ]);
  });

  it('counts neither weekends nor holidays as working days', () => {
    expect(isWorkingDay('2026-11-23')).toBe(true); // a Monday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-11')).toBe(false); // Armistice, a Wednesday
  });

  it('counts Saturdays, but neither Sundays nor holidays, as jours ouvrables (complaints)', () => {
    expect(isJourOuvrable('2026-11-23')).toBe(true); // a Monday
    expect(isJourOuvrable('2026-11-28')).toBe(true); // Saturday
    expect(isJourOuvrable('2026-11-29')).toBe(false); // Sunday
    expect(isJourOuvrable('2026-11-11')).toBe(false); // Armistice, a Wednesday
    expect(isJourOuvrable('2027-05-08')).toBe(false); // 8 May, a Saturday
  });
});

describe('the last day to declare a claim', () => {
  it('gives five working days from the day after the customer learnt of it, skipping the weekend', () => {
    // Learnt on Monday 23 November: Tue 24, Wed 25, Thu 26, Fri 27, Mon 30.
    expect(claimDeadline({ kind: 'accident_third_party', learntOn: '2026-11-23' })).toEqual({
      basis: 'working_days',
      workingDays: 5,
      lastDay: '2026-11-30',
    });
    // Learnt on a Friday: the weekend does not count.
    expect(claimDeadline({ kind: 'vandalism', learntOn: '2026-11-27' }).lastDay).toBe('2026-12-04');
  });

  it('skips a public holiday falling in the delay', () => {
    // Learnt on Friday 6 November: Mon 9, Tue 10, (Wed 11 Armistice), Thu 12, Fri 13, Mon 16.
    expect(claimDeadline({ kind: 'fire', learntOn: '2026-11-06' }).lastDay).toBe('2026-11-16');
    // Christmas and New Year's Day.
    expect(claimDeadline({ kind: 'broken_glass', learntOn: '2026-12-23' }).lastDay).toBe(
      '2026-12-31',
    );
  });

  it('skips Easter Monday', () => {
    // Learnt on Thursday 2 April 2026: Fri 3, (Mon 6 Easter Monday), Tue 7, Wed 8, Thu 9, Fri 10.
    expect(claimDeadline({ kind: 'parked_damage', learntOn: '2026-04-02' }).lastDay).toBe(
      '2026-04-10',
    );
  });

  it('gives two working days for a theft', () => {
    expect(claimDeadline({ kind: 'theft', learntOn: '2026-11-26' })).toEqual({
      basis: 'working_days',
      workingDays: 2,
      lastDay: '2026-11-30',
    });
    // A contract's longer delay does not lengthen the theft's.
    expect(
      claimDeadline({ kind: 'theft', learntOn: '2026-11-26', contractWorkingDays: 10 }).lastDay,
    ).toBe('2026-11-30');
  });

  it('keeps the contract’s delay when it is longer than five working days, never a shorter one', () => {
    expect(
      claimDeadline({
        kind: 'accident_no_third_party',
        learntOn: '2026-11-23',
        contractWorkingDays: 10,
      }).lastDay,
    ).toBe('2026-12-07');
    expect(
      claimDeadline({
        kind: 'accident_no_third_party',
        learntOn: '2026-11-23',
        contractWorkingDays: 2,
      }).lastDay,
    ).toBe('2026-11-30');
  });

  it('gives thirty days after the order for a natural disaster, five working days before it', () => {
    const deadline = claimDeadline({
      kind: 'natural_event',
      learntOn: '2026-10-10',
      naturalDisasterOrderOn: '2026-11-20',
    });
    expect(deadline).toEqual({ basis: 'natural_disaster', lastDay: '2026-12-20' });
    expect(deadlineText(deadline)).toBe(
      'À déclarer au plus tard le 20.12.2026 (30\u00a0jours après la publication de l’arrêté de catastrophe naturelle).',
    );
    expect(claimDeadline({ kind: 'natural_event', learntOn: '2026-11-23' }).basis).toBe(
      'working_days',
    );
  });

  it('is still in time on the last day, late the day after', () => {
    const deadline = claimDeadline({ kind: 'theft', learntOn: '2026-11-26' });
    expect(isLateDeclaration(deadline, '2026-11-30')).toBe(false);
    expect(isLateDeclaration(deadline, '2026-12-01')).toBe(true);
  });

  it('says once sent the day it was declared, in time or late, and the last day', () => {
    // Learnt on Monday 23.11.2026: Tue 24, Wed 25, Thu 26, Fri 27, Mon 30 are the five days.
    const deadline = claimDeadline({ kind: 'accident_third_party', learntOn: '2026-11-23' });
    expect(declaredText(deadline, '2026-11-24')).toBe(
      'Déclaré le 24.11.2026, dans le délai (au plus tard le 30.11.2026, 5\u00a0jours ouvrés après le jour où vous l’avez appris).',
    );
    expect(declaredText(deadline, '2026-11-30')).toContain('dans le délai');
    expect(declaredText(deadline, '2026-12-01')).toBe(
      'Déclaré le 01.12.2026, après le délai (au plus tard le 30.11.2026, 5\u00a0jours ouvrés après le jour où vous l’avez appris).',
    );
  });
});
