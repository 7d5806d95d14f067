// Pure rules of docs/product/policies.md on policies: terminated states, unfulfilled documents,
// remaining days (the broker's deadline of a document when it gave one, the 30-day rule otherwise).
import { DOCUMENT_DEADLINE_DAYS } from '../shared/constants';
import { addDays, daysBetween, todayInParis } from '../shared/dates';
import { type DocumentStatus, type DocumentToProvide, type Policy } from './policy';
import { POLICY_STATES } from './policy-values';

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

/** Whether a document is still owed: pending, rejected or not validated. */
export function isOwedDocument(doc: { status: DocumentStatus | null }): boolean {
  return doc.status !== null && OWED_STATUSES.includes(doc.status);
}

export function owesDocuments(policy: Pick<Policy, 'state' | 'documents'>): boolean {
  // docs/product/policies.md: only 'Résilié' is ignored here, not 'Résilié CTX'.
  if (policy.state === POLICY_STATES.terminated) return false;
  return policy.documents.some(isOwedDocument);
}

/**
 * The documents still owed (pending, rejected, not validated) before the others, in
 * their order otherwise; the mobile list shows only the first few, so what is owed comes first.
 */
export function documentsOwedFirst<D extends { status: DocumentStatus | null }>(
  documents: readonly D[],
): D[] {
  return [...documents.filter(isOwedDocument), ...documents.filter((doc) => !isOwedDocument(doc))];
}

/**
 * The order of a policy's documents on a phone, where only the first few show before « Voir
 * plus » (docs/product/documents.md): the pieces the broker asked for while handling a request
 * and still to send, the latest asked first (the broker's order lists them as asked), then
 * documentsOwedFirst of the others.
 */
export function documentsForPhone<
  D extends { status: DocumentStatus | null; askedForRequest?: boolean | undefined },
>(documents: readonly D[]): D[] {
  const askedToSend = (doc: D) =>
    doc.askedForRequest === true && (doc.status === null || isOwedDocument(doc));
  return [
    ...documents.filter(askedToSend).reverse(),
    ...documentsOwedFirst(documents.filter((doc) => !askedToSend(doc))),
  ];
}

export interface UnfulfilledDocuments {
  unfulfilledDocs: boolean;
  remainedDays: number;
}

/**
 * docs/product/policies.md "Unfulfilled documents": remainedDays is the fewest days left among
 * the documents still owed (owedDocumentDaysLeft: to the last day of owedDocumentLastDay, the
 * broker's deadline of a document when it gave one, else the 30-day rule from its contract's
 * start date, so the earliest start date among the policies that owe documents without one).
 * Days are calendar days in Paris (dates.ts), like every other date rule, so the count turns at
 * midnight in France whatever the device's time zone.
 */
export function unfulfilledDocuments(
  policies: readonly Pick<Policy, 'state' | 'documents' | 'startDate'>[],
  today: Date = new Date(),
): UnfulfilledDocuments {
  const days = policies
    .filter(owesDocuments)
    .flatMap((p) =>
      p.documents
        .filter(isOwedDocument)
        .map((doc) => owedDocumentDaysLeft(doc, p.startDate, today)),
    );
  if (days.length === 0) return { unfulfilledDocs: false, remainedDays: 0 };
  return { unfulfilledDocs: true, remainedDays: Math.min(...days) };
}

/**
 * The last day of the contract's 30-day rule (docs/product/policies.md, above), as an ISO date:
 * the start date plus 30 days.
 */
export function documentDeadline(startDate: string): string {
  return addDays(startDate, DOCUMENT_DEADLINE_DAYS);
}

/**
 * The last day to send one owed document, the one source of its days left: the day before the
 * broker's deadline (`dueOn`, « À envoyer avant le … »), else the 30-day rule's (documentDeadline).
 * A document the broker dated needs no start date.
 */
export function owedDocumentLastDay(doc: { dueOn: string }): string;
export function owedDocumentLastDay(
  doc: Pick<DocumentToProvide, 'dueOn'>,
  startDate: string,
): string;
export function owedDocumentLastDay(
  doc: Pick<DocumentToProvide, 'dueOn'>,
  startDate?: string,
): string {
  return doc.dueOn ? addDays(doc.dueOn, -1) : documentDeadline(startDate!);
}

/** The days left to `lastDay`, today (in Paris) included: 1 on the last day, 0 once past. */
export function daysLeftThrough(lastDay: string, today: Date = new Date()): number {
  return Math.max(0, daysBetween(todayInParis(today), lastDay) + 1);
}

/**
 * The days left to send one owed document, today included, to its last day (owedDocumentLastDay):
 * a broker's deadline 40 days away leaves 40 days, the deadline itself 0.
 */
export function owedDocumentDaysLeft(
  doc: Pick<DocumentToProvide, 'dueOn'>,
  startDate: string,
  today: Date = new Date(),
): number {
  return daysLeftThrough(owedDocumentLastDay(doc, startDate), today);
}

/** The days left under the contract's 30-day rule alone (a document without the broker's date). */
export function documentDaysLeft(startDate: string, today: Date = new Date()): number {
  return owedDocumentDaysLeft({ dueOn: null }, startDate, today);
}

/** The Bonus/Malus shown on a card is the principal driver's CRM (docs/product/policies.md). */
export function principalDriver<D extends { principal: boolean }>(
  drivers: readonly D[],
): D | undefined {
  return drivers.find((d) => d.principal);
}
