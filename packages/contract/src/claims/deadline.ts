// The last day to declare a claim (Code des assurances L113-2 4°, docs/product/claims.md):
// - counted from the day after the customer learnt of the event, in working days (weekends and
//   French public holidays skipped): 5, or the contract's own delay when longer; 2 for a theft;
// - a natural disaster: 30 calendar days after the publication of the government's order that
//   recognises it (L125-2); before that order is published there is no last day yet;
// - the deadline is shown while declaring; a late declaration is still accepted, and the customer
//   is told what that means (CLAIM_MESSAGES.late).
import { addDays, isBefore } from '../shared/dates';
import { addCountedDays, isWorkingDay } from './holidays';
import type { ClaimKind } from './kinds';

/** L113-2: the shortest delay an insurer may set, in working days. */
export const CLAIM_DECLARATION_WORKING_DAYS = 5;
/** L113-2: a theft is declared within two working days. */
export const THEFT_DECLARATION_WORKING_DAYS = 2;
/** L125-2: a natural disaster, within 30 days of the publication of the order. */
export const NATURAL_DISASTER_DECLARATION_DAYS = 30;

export interface ClaimDeadlineInput {
  kind: ClaimKind;
  /** The day the customer learnt of the event (ISO). */
  learntOn: string;
  /** The contract's delay in working days, when it grants more than the law's. */
  contractWorkingDays?: number | undefined;
  /** A natural event recognised as a natural disaster: the day the order was published. */
  naturalDisasterOrderOn?: string | undefined;
}

export type ClaimDeadline =
  | { basis: 'working_days'; workingDays: number; lastDay: string }
  | { basis: 'natural_disaster'; lastDay: string };

/** The day `count` jours ouvrés after `from` (the day after `from` is the first counted). */
export function addWorkingDays(from: string, count: number): string {
  return addCountedDays(from, count, isWorkingDay);
}

export function claimDeadline(input: ClaimDeadlineInput): ClaimDeadline {
  if (input.kind === 'natural_event' && input.naturalDisasterOrderOn) {
    return {
      basis: 'natural_disaster',
      lastDay: addDays(input.naturalDisasterOrderOn, NATURAL_DISASTER_DECLARATION_DAYS),
    };
  }
  const workingDays =
    input.kind === 'theft'
      ? THEFT_DECLARATION_WORKING_DAYS
      : Math.max(CLAIM_DECLARATION_WORKING_DAYS, input.contractWorkingDays ?? 0);
  return {
    basis: 'working_days',
    workingDays,
    lastDay: addWorkingDays(input.learntOn, workingDays),
  };
}

/** Declared after the last day (the last day itself is in time). */
export function isLateDeclaration(deadline: ClaimDeadline, declaredOn: string): boolean {
  return isBefore(deadline.lastDay, declaredOn);
}
