// The console's documents and dashboard (docs/console.md « Documents », « Tableau de bord »): a
// file the customer sent as the console opens it, a document the customer must send with its
// files and the broker's check, a new IBAN revealed, and the supervisors' figures.
import type { DocumentStatus } from '../policies/policy';
import type { RequestKind, RequestStatus } from '../requests/kinds';
import type { StaffName } from './console';

/** A file the customer sent, as the console opens it (the request's own file route, audited). */
export interface ConsoleFile {
  id: string;
  name: string;
  contentType: string;
  size: number | null;
  href: string;
  previewHref: string;
}

/** A document the customer must send, with the files they sent for it and the broker's check. */
export interface ConsoleOwedDocument {
  /** The console's id of it (POST /documents/:documentId/check). */
  id: string;
  policyNumber: string;
  name: string;
  description: string;
  status: DocumentStatus | null;
  statusLabel: string;
  statusReason: string | null;
  checkedAt: string | null;
  checkedBy: StaffName | null;
  dueOn: string | null;
  /** Whether it waits for the broker's check (« En cours de vérification »). */
  checkable: boolean;
  files: (ConsoleFile & { reference: string; receivedAt: string })[];
}

/** POST …/iban's answer: the new IBAN in full, and its holder. */
export interface ConsoleIbanReveal {
  iban: string;
  ownerName: string;
}

/** The supervisors' dashboard (services/console/dashboard.ts). */
export interface ConsoleDashboard {
  /** The kinds' target delays, in hours (CONSOLE_TARGET_HOURS). */
  targetHours: Record<RequestKind, number>;
  /** Open requests per kind, with how many are late, and per status. */
  openByKind: {
    kind: RequestKind;
    kindLabel: string;
    open: number;
    late: number;
    byStatus: { status: RequestStatus; statusLabel: string; count: number }[];
  }[];
  /** Open requests per agent (null: not assigned), with how many are late. */
  byAgent: { agent: ({ id: string } & StaffName) | null; open: number; late: number }[];
  /** The last weeks, oldest first: received, closed, and received ones handled or open past their target. */
  weeks: { weekStart: string; incoming: number; closed: number; late: number }[];
}
/** How many weeks the dashboard's chart shows. */
export const DASHBOARD_WEEKS = 8;
