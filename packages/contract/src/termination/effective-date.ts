// When a termination requested online takes effect (docs/decisions/README.md (deviations): the request is
// acknowledged with its date, Code des assurances L113-15-3 and décret 2023-182). The date is
// indicative: the broker confirms it. Dates are Paris calendar days ('YYYY-MM-DD', dates.ts);
// the day of receipt is the day the server recorded the request.
//
// How reasons and the contract's age combine (our reading, written once here):
// - Reason 1 'Résiliation à l’échéance' (L113-12): effect on the next anniversary of the start
//   date when the request arrives at least two months before it (the notice period), even for
//   a contract over one year, since the customer chose the anniversary. When the notice is too
//   short, a contract at least one year old may still be terminated at any time
//   (L113-15-2, « loi Hamon »): effect one month after receipt. A contract in its first year
//   whose notice is too short ends on the anniversary after next; Hamon only covers requests
//   sent after the first year, so the customer may ask again once that year has passed.
// - Reason 2 'Je vends mon véhicule…' (L121-11): counted from the sale date the customer gives
//   (sale-date.ts): the guarantees are suspended the day after the sale at midnight, and the
//   contract ends ten days after receipt, six months after the sale at the latest.
// - Reason 3 'Résiliation Autre': one month after receipt, under L113-15-2 when the contract is
//   at least one year old, otherwise under L113-16 (change of situation, one month after
//   notification), subject to the broker's review of the supporting document.
// "One year old" means the day of receipt is on or after the first anniversary. The anniversary
// of a 29 February start is 28 February in common years (addMonths clamps to the month's end).
import { addMonths, isBefore } from '../shared/dates';
import type { TerminationReasonId } from './reasons';
import { saleEffect } from './sale-date';

export type TerminationBasis = 'L113-12' | 'L113-15-2' | 'L113-16' | 'L121-11';

export interface TerminationEffect {
  /** The day the termination (or, for a sale, the suspension) takes effect, at 0:00 Paris time. */
  effectiveDate: string;
  effect: 'termination' | 'suspension';
  basis: TerminationBasis;
  /** Reason 2 only: the day of the sale the customer gave, and the day the contract ends. */
  saleDate?: string;
  terminationDate?: string;
}

/** L113-12: the notice before an anniversary. */
export const ANNIVERSARY_NOTICE_MONTHS = 2;
/** L113-15-2 and L113-16: a termination takes effect one month after receipt. */
export const ONE_MONTH = 1;

/** The n-th anniversary of a start date (n ≥ 1). */
export function anniversary(startDate: string, years: number): string {
  return addMonths(startDate, 12 * years);
}

/** The first anniversary of `startDate` strictly after `day`. */
export function nextAnniversary(startDate: string, day: string): string {
  let years = 1;
  while (!isBefore(day, anniversary(startDate, years))) years += 1;
  return anniversary(startDate, years);
}

/** L113-15-2: the contract has run for one year on `day` (its first anniversary or later). */
export function isAtLeastOneYearOld(startDate: string, day: string): boolean {
  return !isBefore(day, anniversary(startDate, 1));
}

export function terminationEffect(
  reason: TerminationReasonId,
  startDate: string,
  receivedOn: string,
  /** Reason 2: the day of the sale (the request schema requires it); else the day of receipt. */
  saleDate: string = receivedOn,
): TerminationEffect {
  const oneYear = isAtLeastOneYearOld(startDate, receivedOn);
  const oneMonthAfter = addMonths(receivedOn, ONE_MONTH);
  if (reason === 2) {
    const sale = saleEffect(saleDate, receivedOn);
    return {
      effectiveDate: sale.suspensionDate,
      effect: 'suspension',
      basis: 'L121-11',
      saleDate,
      terminationDate: sale.terminationDate,
    };
  }
  if (reason === 3) {
    return {
      effectiveDate: oneMonthAfter,
      effect: 'termination',
      basis: oneYear ? 'L113-15-2' : 'L113-16',
    };
  }
  const next = nextAnniversary(startDate, receivedOn);
  const noticeGiven = !isBefore(addMonths(next, -ANNIVERSARY_NOTICE_MONTHS), receivedOn);
  if (noticeGiven) return { effectiveDate: next, effect: 'termination', basis: 'L113-12' };
  if (oneYear) return { effectiveDate: oneMonthAfter, effect: 'termination', basis: 'L113-15-2' };
  return {
    effectiveDate: nextAnniversary(startDate, next),
    effect: 'termination',
    basis: 'L113-12',
  };
}
