import { describe, expect, it } from 'vitest';
import { isAtLeastOneYearOld, nextAnniversary, terminationEffect } from './effective-date';

describe('the anniversary and the age of a contract', () => {
  it('the next anniversary is strictly after the day', () => {
    expect(nextAnniversary('2024-03-15', '2026-03-14')).toBe('2026-03-15');
    expect(nextAnniversary('2024-03-15', '2026-03-15')).toBe('2027-03-15');
  });

  it('a contract is one year old from its first anniversary on, not the day before', () => {
    expect(isAtLeastOneYearOld('2025-03-15', '2026-03-14')).toBe(false);
    expect(isAtLeastOneYearOld('2025-03-15', '2026-03-15')).toBe(true);
  });

  it('a contract started on 29 February has its anniversary on 28 February in a common year', () => {
    expect(nextAnniversary('2024-02-29', '2024-12-01')).toBe('2025-02-28');
    expect(isAtLeastOneYearOld('2024-02-29', '2025-02-27')).toBe(false);
    expect(isAtLeastOneYearOld('2024-02-29', '2025-02-28')).toBe(true);
    // and on 29 February again in the next leap year
    expect(nextAnniversary('2024-02-29', '2027-03-01')).toBe('2028-02-29');
  });
});

describe('reason 1: termination at the anniversary (L113-12)', () => {
  it('takes effect on the anniversary when the request comes two months before it or earlier', () => {
    expect(terminationEffect(1, '2024-06-10', '2026-04-10')).toEqual({
      effectiveDate: '2026-06-10',
      effect: 'termination',
      basis: 'L113-12',
    });
  });

  it('after the notice, a contract over one year ends one month after receipt (L113-15-2)', () => {
    expect(terminationEffect(1, '2024-06-10', '2026-04-11')).toEqual({
      effectiveDate: '2026-05-11',
      effect: 'termination',
      basis: 'L113-15-2',
    });
  });

  it('on the anniversary day itself, the customer’s anniversary is the next one, a year away', () => {
    expect(terminationEffect(1, '2024-06-10', '2026-06-10')).toMatchObject({
      effectiveDate: '2027-06-10',
      basis: 'L113-12',
    });
  });

  it('in the first year with the notice given, it takes effect on the first anniversary', () => {
    expect(terminationEffect(1, '2026-01-20', '2026-11-20')).toEqual({
      effectiveDate: '2027-01-20',
      effect: 'termination',
      basis: 'L113-12',
    });
  });

  it('in the first year with too short a notice, it takes effect on the anniversary after next', () => {
    expect(terminationEffect(1, '2026-01-20', '2026-11-21')).toEqual({
      effectiveDate: '2028-01-20',
      effect: 'termination',
      basis: 'L113-12',
    });
  });

  it('the notice before a 28 February anniversary of a 29 February start counts from 28 February', () => {
    expect(terminationEffect(1, '2024-02-29', '2024-12-28').effectiveDate).toBe('2025-02-28');
    expect(terminationEffect(1, '2024-02-29', '2024-12-29').effectiveDate).toBe('2026-02-28');
  });
});

describe('reason 2: sale of the vehicle (L121-11)', () => {
  it('suspends the guarantees the day after the sale given, not the day after receipt', () => {
    expect(terminationEffect(2, '2026-01-20', '2026-11-22', '2026-11-10')).toEqual({
      effectiveDate: '2026-11-11',
      effect: 'suspension',
      basis: 'L121-11',
      saleDate: '2026-11-10',
      terminationDate: '2026-12-02',
    });
  });

  it('a sale on 28 February of a leap year suspends from 29 February', () => {
    expect(terminationEffect(2, '2020-05-01', '2028-02-28').effectiveDate).toBe('2028-02-29');
    expect(terminationEffect(2, '2020-05-01', '2027-02-28').effectiveDate).toBe('2027-03-01');
  });
});

describe('reason 3: other reasons', () => {
  it('takes effect one month after receipt, under L113-15-2 once the contract is one year old', () => {
    expect(terminationEffect(3, '2024-06-10', '2026-11-22')).toEqual({
      effectiveDate: '2026-12-22',
      effect: 'termination',
      basis: 'L113-15-2',
    });
  });

  it('a contract of exactly one year on the day of receipt counts as one year old', () => {
    expect(terminationEffect(3, '2025-11-22', '2026-11-22')).toMatchObject({
      effectiveDate: '2026-12-22',
      basis: 'L113-15-2',
    });
    expect(terminationEffect(3, '2025-11-22', '2026-11-21').basis).toBe('L113-16');
  });

  it('in the first year, one month after receipt under L113-16', () => {
    expect(terminationEffect(3, '2026-11-10', '2026-11-22')).toMatchObject({
      effectiveDate: '2026-12-22',
      basis: 'L113-16',
    });
  });

  it('one month after 31 January is the last day of February', () => {
    expect(terminationEffect(3, '2020-05-01', '2028-01-31').effectiveDate).toBe('2028-02-29');
    expect(terminationEffect(3, '2020-05-01', '2027-01-31').effectiveDate).toBe('2027-02-28');
  });
});
