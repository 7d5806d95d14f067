// The console API's answers that packages/contract does not describe yet (the console API's own
// work, docs/backoffice.md): a request's page, a customer's file, the audit log's page, a created
// staff account. Built on the contract's shapes; to be replaced by the contract's own as it gets them.
import type {
  AuditEntry,
  DownloadedDocument,
  Policy,
  RequestEventData,
  RequestList,
  RequestStatus,
  RequestTimelineEntry,
  StaffMember,
} from '@espace/contract';

export interface ConsoleRequestDetail extends Omit<RequestEventData, 'files'> {
  timeline: RequestTimelineEntry[];
  customer: { customerNumber: string; name: string; email: string };
  assignee: { id: string; displayName: string } | null;
  nextStatuses: RequestStatus[];
  files: { id: string; name: string; contentType: string; size: number | null; href: string }[];
}

export interface CustomerFile {
  customerNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  birthDate: string | null;
  portalAccess: 'active' | 'none' | 'deleted';
  contracts: Policy[];
  documents: { policyNumber: string; documents: DownloadedDocument[] }[];
  requests: RequestList;
}

export interface ConsoleInvitation {
  outcome: 'sent' | 'pending' | 'active' | 'deleted';
}

export interface AuditPage {
  items: AuditEntry[];
  page: number;
  pageCount: number;
  total: number;
}

export interface CreatedStaff extends StaffMember {
  /** Shown once, to give the new member. */
  temporaryPassword: string;
}
