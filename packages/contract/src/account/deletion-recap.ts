// What the account-deletion recap lists before the password (docs/product/account.md « Account
// deletion », docs/decisions/0041-account-deletion-recap.md): the documents still owed with their
// deadline, the requests still being handled and the contracts in force, none of which the
// deletion ends (docs/decisions/0037-account-deletion-keeps-contracts.md). Pure, for the screen.
import type { DocumentStatus, Policy } from '../policies/policy';
import {
  documentsOwedFirst,
  isOwedDocument,
  isTerminated,
  owedDocumentDaysLeft,
  owedDocumentLastDay,
  owesDocuments,
} from '../policies/policy-rules';
import type { CustomerRequest } from '../requests/requests';
import { OPEN_REQUEST_STATUSES } from '../requests/kinds';

export interface OwedDocument {
  policyNumber: string;
  name: string;
  status: DocumentStatus;
  /** ISO date: the last day to provide it (owedDocumentLastDay: the broker's or the 30-day rule's). */
  deadline: string;
  /** The « jours restants » of the documents banner, for this contract: 0 once past. */
  daysLeft: number;
}

/**
 * Every document still owed (pending, rejected, not validated) of the contracts that owe
 * documents (owesDocuments: a 'Résilié' contract owes nothing), earliest deadline first.
 */
export function owedDocuments(
  policies: readonly Pick<Policy, 'policyNumber' | 'state' | 'documents' | 'startDate'>[],
  today: Date = new Date(),
): OwedDocument[] {
  return policies
    .filter(owesDocuments)
    .flatMap((policy) =>
      documentsOwedFirst(policy.documents)
        .filter(isOwedDocument)
        .map((doc) => ({
          policyNumber: policy.policyNumber,
          name: doc.name,
          status: doc.status as DocumentStatus,
          deadline: owedDocumentLastDay(doc, policy.startDate),
          daysLeft: owedDocumentDaysLeft(doc, policy.startDate, today),
        })),
    )
    .sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : 0));
}

export function requestsBeingHandled<R extends Pick<CustomerRequest, 'status'>>(
  requests: readonly R[],
): R[] {
  return requests.filter((request) => OPEN_REQUEST_STATUSES.includes(request.status));
}

/** The contracts a deletion leaves in force: every one not terminated ('Actif', 'Suspendu'). */
export function contractsInForce<P extends Pick<Policy, 'state'>>(policies: readonly P[]): P[] {
  return policies.filter((policy) => !isTerminated(policy));
}
