import { describe, expect, it } from 'vitest';
import { saleDateBounds, saleDateIssue, saleEffect } from './sale-date';

describe('L121-11: what the sale of the vehicle does to the contract', () => {
  it('suspends from the day after the sale and ends ten days after receipt', () => {
    expect(saleEffect('2026-11-10', '2026-11-23')).toEqual({
      suspensionDate: '2026-11-11',
      terminationDate: '2026-12-03',
    });
  });

  it('a sale on the day of the request: suspended tomorrow, ended ten days later', () => {
    expect(saleEffect('2026-11-23', '2026-11-23')).toEqual({
      suspensionDate: '2026-11-24',
      terminationDate: '2026-12-03',
    });
  });

  it('a sale still ahead: the contract never ends before the suspension', () => {
    expect(saleEffect('2026-12-20', '2026-11-23')).toEqual({
      suspensionDate: '2026-12-21',
      terminationDate: '2026-12-21',
    });
  });

  it('six months after the sale the contract has ended by law, whatever the notice', () => {
    expect(saleEffect('2026-05-20', '2026-11-15').terminationDate).toBe('2026-11-20');
    expect(saleEffect('2026-01-10', '2026-11-23').terminationDate).toBe('2026-07-10');
  });

  it('a sale on 31 August ends by law on the last day of February', () => {
    expect(saleEffect('2026-08-31', '2027-03-01').terminationDate).toBe('2027-02-28');
  });

  it('a sale on 28 February of a leap year suspends from 29 February', () => {
    expect(saleEffect('2028-02-28', '2028-03-01').suspensionDate).toBe('2028-02-29');
  });
});

describe('the sale dates accepted', () => {
  const start = '2025-03-15';
  const today = '2026-11-23';

  it('from the start of the contract to one month after today', () => {
    expect(saleDateBounds(start, today)).toEqual({ min: '2025-03-15', max: '2026-12-23' });
  });

  it('accepts a past date, today, and a date up to one month ahead', () => {
    expect(saleDateIssue('2026-10-02', start, today)).toBeNull();
    expect(saleDateIssue(start, start, today)).toBeNull();
    expect(saleDateIssue(today, start, today)).toBeNull();
    expect(saleDateIssue('2026-12-23', start, today)).toBeNull();
  });

  it('refuses a date before the contract started, in French', () => {
    expect(saleDateIssue('2025-03-14', start, today)).toBe(
      'La date de vente ne peut pas précéder le début du contrat (15.03.2025).',
    );
  });

  it('refuses a date more than one month ahead, in French', () => {
    expect(saleDateIssue('2026-12-24', start, today)).toBe(
      'La date de vente ne peut pas dépasser le 23.12.2026 (un mois au plus après aujourd’hui).',
    );
  });
});
