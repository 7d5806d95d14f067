// The sale of the insured vehicle (reason 2, Code des assurances L121-11; decision
// docs/decisions/0043-termination-sale-date.md). The law counts from the day of the sale
// (« aliénation »), not from the day the customer writes:
// - the guarantees are suspended from the day after the sale, at midnight;
// - either party may then terminate with ten days' notice: the customer's request ends the
//   contract ten days after it was received, never before the suspension;
// - without a termination or an agreement to resume, the contract ends by law six months after
//   the sale: a request received later than that only acknowledges an end already reached.
// The sale date is asked on the form: a past date is the usual case (the customer writes after
// handing the car over), a date up to one month ahead is accepted for a sale already agreed,
// and a date before the contract's start cannot be the sale of the insured vehicle.
import { addDays, addMonths, isBefore } from '../shared/dates';
import { formatDate } from '../shared/format';

/** L121-11: the notice either party gives to terminate after the sale. */
export const SALE_NOTICE_DAYS = 10;
/** L121-11: the contract ends by law this many months after the sale. */
export const SALE_AUTOMATIC_END_MONTHS = 6;
/** How far ahead a sale already agreed may be dated. */
export const SALE_DATE_MONTHS_AHEAD = 1;

export interface SaleEffect {
  /** The first day without guarantees: the day after the sale (from 0:00 Paris time). */
  suspensionDate: string;
  /** The day the contract ends: ten days after receipt, at the latest six months after the sale. */
  terminationDate: string;
}

const later = (a: string, b: string) => (isBefore(a, b) ? b : a);
const earlier = (a: string, b: string) => (isBefore(a, b) ? a : b);

/** L121-11 applied to a sale on `saleDate`, the request received on `receivedOn`. */
export function saleEffect(saleDate: string, receivedOn: string): SaleEffect {
  const suspensionDate = addDays(saleDate, 1);
  const withNotice = later(addDays(receivedOn, SALE_NOTICE_DAYS), suspensionDate);
  const byLaw = addMonths(saleDate, SALE_AUTOMATIC_END_MONTHS);
  return { suspensionDate, terminationDate: earlier(withNotice, byLaw) };
}

/** The earliest and latest sale dates accepted for a contract started on `startDate`. */
export function saleDateBounds(startDate: string, today: string): { min: string; max: string } {
  return { min: startDate, max: addMonths(today, SALE_DATE_MONTHS_AHEAD) };
}

/** Why a (valid ISO) sale date cannot be accepted, in French, or null when it can. */
export function saleDateIssue(saleDate: string, startDate: string, today: string): string | null {
  const { min, max } = saleDateBounds(startDate, today);
  if (isBefore(saleDate, min))
    return `La date de vente ne peut pas précéder le début du contrat (${formatDate(min)}).`;
  if (isBefore(max, saleDate))
    return `La date de vente ne peut pas dépasser le ${formatDate(max)} (un mois au plus après aujourd’hui).`;
  return null;
}
