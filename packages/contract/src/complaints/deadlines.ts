// A complaint's two deadlines (ACPR recommendation 2022-R-01, quoted in
// docs/product/complaints.md; docs/decisions/0129-complaints-count-jours-ouvrables.md), computed
// from the day it was received in Paris, never typed:
// - the acknowledgement within « dix jours ouvrables »: the day of receipt is not counted, then
//   every day but Sundays and French public holidays (claims/holidays.ts) counts, Saturdays
//   included; the 10th such day is the last, never a Sunday or a holiday by construction. Not
//   the claims' « jours ouvrés » (Monday to Friday, Code des assurances L113-2), which would end
//   up to six days later;
// - the answer within « deux mois » of receipt: the same day two calendar months later, clamped
//   to the month's last day (31 December → 28 or 29 February); not moved to a working day, so
//   the broker is never later than the recommendation.
// A deadline is met on its last day itself; late is after it.
import { addCountedDays, isJourOuvrable } from '../claims/holidays';
import { addMonths, isBefore } from '../shared/dates';

export const COMPLAINT_ACK_JOURS_OUVRABLES = 10;
export const COMPLAINT_ANSWER_MONTHS = 2;

export interface ComplaintDeadlines {
  /** The last day to acknowledge (ISO). */
  acknowledgeBy: string;
  /** The last day to answer (ISO). */
  answerBy: string;
}

/** The day `count` jours ouvrables after `from` (the day after `from` is the first counted). */
export function addJoursOuvrables(from: string, count: number): string {
  return addCountedDays(from, count, isJourOuvrable);
}

export function complaintDeadlines(receivedOn: string): ComplaintDeadlines {
  return {
    acknowledgeBy: addJoursOuvrables(receivedOn, COMPLAINT_ACK_JOURS_OUVRABLES),
    answerBy: addMonths(receivedOn, COMPLAINT_ANSWER_MONTHS),
  };
}

/** Late: done after `lastDay`, or not done and `today` is after it. */
export function isLate(lastDay: string, doneOn: string | null, today: string): boolean {
  return isBefore(lastDay, doneOn ?? today);
}
