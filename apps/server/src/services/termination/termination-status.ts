// A termination request's own status (termination_requests.status, migration 0008): 'received'
// until the broker decides, then 'processed' or 'rejected'. The mapping between it and the
// broker's status of the request in « Mes demandes » is written twice, once each way, and the two
// must agree (termination-status.test.ts runs the SQL on PGlite for every status and checks it):
// - here, the broker's status → the row's own, which services/requests/request-status.ts writes
//   when the broker moves the request;
// - in SQL, the row's own → the status the customer reads while the broker has set none: the
//   CASE of the view customer_requests (migrations 0016 and 0028, applied migrations that are
//   never edited: a change of the mapping is a new migration that redefines the view).
import type { BrokerRequestStatus } from '@espace/contract';
import type { TerminationRequests } from '../../db/types';

export type TerminationStatus = TerminationRequests['status'];

/** Every value of termination_requests.status (its CHECK constraint). */
export const TERMINATION_STATUSES = [
  'received',
  'processed',
  'rejected',
] as const satisfies readonly TerminationStatus[];

const DECIDED: Partial<Record<BrokerRequestStatus, TerminationStatus>> = {
  done: 'processed',
  refused: 'rejected',
};

/** The row's own status once the broker has moved the request to `status`. */
export function terminationStatusOf(status: BrokerRequestStatus): TerminationStatus {
  return DECIDED[status] ?? 'received';
}
