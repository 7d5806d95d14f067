// Pure rules of docs/product/policies.md on policies: terminated states, unfulfilled documents, remaining days.
import { DOCUMENT_DEADLINE_DAYS } from '../shared/constants';
import { addDays, daysBetween, todayInParis } from '../shared/dates';
import { POLICY_STATES, type DocumentStatus, type Policy } from './policy';

/** docs/product/policies.md: the states of a terminated policy. The server passes them to SQL as parameters. */
export const TERMINATED_STATES = [
  POLICY_STATES.terminated,
  POLICY_STATES.terminatedLitigation,
] as const;

/** docs/product/policies.md: 'Résilié' and 'Résilié CTX' count as terminated. */
export function isTerminated(policy: Pick<Policy, 'state'>): boolean {
  return (TERMINATED_STATES as readonly string[]).includes(policy.state);
}

/** The state as the customer reads it ('Résilié CTX' is internal: 'Résilié'). */
export function policyStateLabel(state: string): string {
  return state === POLICY_STATES.terminatedLitigation ? POLICY_STATES.terminated : state;
}

/** The badge style of a state: in force, suspended (a warning) or terminated. */
export function policyStateStyle(state: string): 'active' | 'suspended' | 'terminated' {
  if (isTerminated({ state })) return 'terminated';
  return state === POLICY_STATES.suspended ? 'suspended' : 'active';
}

export function allTerminated(policies: readonly Pick<Policy, 'state'>[]): boolean {
  return policies.length > 0 && policies.every(isTerminated);
}

/** docs/product/policies.md: the statuses that mean a document is still owed. */
const OWED_STATUSES: readonly DocumentStatus[] = ['pending', 'rejected', 'not validated'];

export function owesDocuments(policy: Pick<Policy, 'state' | 'documents'>): boolean {
  // docs/product/policies.md: only 'Résilié' is ignored here, not 'Résilié CTX'.
  if (policy.state === POLICY_STATES.terminated) return false;
  return policy.documents.some((doc) => doc.status !== null && OWED_STATUSES.includes(doc.status));
}

/**
 * The documents still owed (pending, rejected, not validated) before the others, in
 * their order otherwise; the mobile list shows only the first few, so what is owed comes first.
 */
export function documentsOwedFirst<D extends { status: DocumentStatus | null }>(
  documents: readonly D[],
): D[] {
  const owed = (doc: D) => doc.status !== null && OWED_STATUSES.includes(doc.status);
  return [...documents.filter(owed), ...documents.filter((doc) => !owed(doc))];
}

export interface UnfulfilledDocuments {
  unfulfilledDocs: boolean;
  remainedDays: number;
}

/**
 * docs/product/policies.md "Unfulfilled documents": remainedDays comes from the earliest start date among the
 * policies that owe documents: elapsed = whole days elapsed minus one; 30 − elapsed while
 * elapsed is under 30, else 0. Days are calendar days in Paris (dates.ts), like every other
 * date rule, so the count turns at midnight in France whatever the device's time zone.
 */
export function unfulfilledDocuments(
  policies: readonly Pick<Policy, 'state' | 'documents' | 'startDate'>[],
  today: Date = new Date(),
): UnfulfilledDocuments {
  const owing = policies.filter(owesDocuments);
  if (owing.length === 0) return { unfulfilledDocs: false, remainedDays: 0 };
  const earliest = owing.map((p) => p.startDate).sort()[0]!;
  return { unfulfilledDocs: true, remainedDays: documentDaysLeft(earliest, today) };
}

/**
 * The remaining-days rule of one contract's owed documents (docs/product/policies.md, above): elapsed = whole
 * days since the start date minus one; 30 − elapsed while elapsed is under 30, else 0.
 */
export function documentDaysLeft(startDate: string, today: Date = new Date()): number {
  const elapsed = daysBetween(startDate, todayInParis(today)) - 1;
  return elapsed < DOCUMENT_DEADLINE_DAYS ? DOCUMENT_DEADLINE_DAYS - elapsed : 0;
}

/**
 * The last day of that rule, as an ISO date: the day on which one day is left (the start date
 * plus 30 days); the next day the count is 0.
 */
export function documentDeadline(startDate: string): string {
  return addDays(startDate, DOCUMENT_DEADLINE_DAYS);
}

/** The Bonus/Malus shown on a card is the principal driver's CRM (docs/product/policies.md). */
export function principalDriver<D extends { principal: boolean }>(
  drivers: readonly D[],
): D | undefined {
  return drivers.find((d) => d.principal);
}
