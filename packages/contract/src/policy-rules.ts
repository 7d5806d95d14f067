// Pure rules of SPEC §4 on policies: terminated states, unfulfilled documents, remaining days.
import { DOCUMENT_DEADLINE_DAYS } from './constants';
import type { DocumentStatus, Policy } from './policy';

export const TERMINATED_STATES = ['Résilié', 'Résilié CTX'] as const;

/** SPEC §4: 'Résilié' and 'Résilié CTX' count as terminated. */
export function isTerminated(policy: Pick<Policy, 'state'>): boolean {
  return (TERMINATED_STATES as readonly string[]).includes(policy.state);
}

export function allTerminated(policies: readonly Pick<Policy, 'state'>[]): boolean {
  return policies.length > 0 && policies.every(isTerminated);
}

/** SPEC §4: the statuses that mean a document is still owed. */
const OWED_STATUSES: readonly DocumentStatus[] = ['pending', 'rejected', 'not validated'];

export function owesDocuments(policy: Pick<Policy, 'state' | 'documents'>): boolean {
  // SPEC §4: only 'Résilié' is ignored here, not 'Résilié CTX'.
  if (policy.state === 'Résilié') return false;
  return policy.documents.some((doc) => doc.status !== null && OWED_STATUSES.includes(doc.status));
}

export interface UnfulfilledDocuments {
  unfulfilledDocs: boolean;
  remainedDays: number;
}

const DAY_MS = 86_400_000;

/** Whole calendar days from an ISO date (YYYY-MM-DD) to `today`. */
function wholeDaysSince(isoDate: string, today: Date): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, m - 1, d);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.floor((now - start) / DAY_MS);
}

/**
 * SPEC §4 "Unfulfilled documents": remainedDays comes from the earliest start date among the
 * policies that owe documents: elapsed = whole days elapsed minus one; 30 − elapsed while
 * elapsed is under 30, else 0.
 */
export function unfulfilledDocuments(
  policies: readonly Pick<Policy, 'state' | 'documents' | 'startDate'>[],
  today: Date = new Date(),
): UnfulfilledDocuments {
  const owing = policies.filter(owesDocuments);
  if (owing.length === 0) return { unfulfilledDocs: false, remainedDays: 0 };
  const earliest = owing.map((p) => p.startDate).sort()[0]!;
  const elapsed = wholeDaysSince(earliest, today) - 1;
  const remainedDays = elapsed < DOCUMENT_DEADLINE_DAYS ? DOCUMENT_DEADLINE_DAYS - elapsed : 0;
  return { unfulfilledDocs: true, remainedDays };
}

/** The Bonus/Malus shown on a card is the principal driver's CRM (SPEC §2). */
export function principalDriver<D extends { principal: boolean }>(
  drivers: readonly D[],
): D | undefined {
  return drivers.find((d) => d.principal);
}
