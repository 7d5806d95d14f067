// A complaint's two deadlines (ACPR recommendation 2022-R-01, docs/product/complaints.md),
// computed from the day it was received in Paris, never typed:
// - the acknowledgement within 10 working days: the days after the day of receipt, Saturdays,
//   Sundays and French public holidays skipped (claims/holidays.ts, the claims' addWorkingDays);
// - the answer within 2 months of receipt: the same day two calendar months later, clamped to
//   the month's last day (31 December → 28 or 29 February); not moved to a working day, so the
//   broker is never later than the recommendation.
// A deadline is met on its last day itself; late is after it.
import { addWorkingDays } from '../claims/deadline';
import { addMonths, isBefore } from '../shared/dates';

export const COMPLAINT_ACK_WORKING_DAYS = 10;
export const COMPLAINT_ANSWER_MONTHS = 2;

export interface ComplaintDeadlines {
  /** The last day to acknowledge (ISO). */
  acknowledgeBy: string;
  /** The last day to answer (ISO). */
  answerBy: string;
}

export function complaintDeadlines(receivedOn: string): ComplaintDeadlines {
  return {
    acknowledgeBy: addWorkingDays(receivedOn, COMPLAINT_ACK_WORKING_DAYS),
    answerBy: addMonths(receivedOn, COMPLAINT_ANSWER_MONTHS),
  };
}

/** Late: done after `lastDay`, or not done and `today` is after it. */
export function isLate(lastDay: string, doneOn: string | null, today: string): boolean {
  return isBefore(lastDay, doneOn ?? today);
}
