// The shapes of the staff console's work (docs/backoffice.md « Demandes », « Clients »,
// « Journal »): a request's page, a customer's file and the audit log's page, built on the
// integration API's and the customer API's own shapes (the console reads the same services), and
// the French label of each audited action.
import type { RequestEventData } from '../integration/events';
import type { RequestKind, RequestStatus } from '../requests/kinds';
import type { RequestList, RequestTimelineEntry } from '../requests/requests';
import type { DownloadedDocument } from '../documents/documents';
import type { Policy } from '../policies/policy';
import type { INVITATION_OUTCOMES } from '../account/first-access';
import type { AuditEntry } from './console';

/** The default target delay of each kind, in hours: CONSOLE_TARGET_HOURS overrides any. */
export const DEFAULT_TARGET_HOURS: Partial<Record<RequestKind, number>> & { other: number } = {
  claim: 24,
  termination: 48,
  other: 72,
};
/** An open item is « bientôt en retard » past this share of its target delay. */
export const DUE_SOON_SHARE = 0.75;

/** A request's page: the integration API's detail, its customer, assignee and next statuses. */
export interface ConsoleRequestDetail extends Omit<RequestEventData, 'files'> {
  /** What the customer asked, line by line, in French: the customer's own detail's answers. */
  answers: { label: string; value: string }[];
  timeline: RequestTimelineEntry[];
  customer: { customerNumber: string; name: string; email: string };
  assignee: { id: string; displayName: string } | null;
  /** The statuses it may move to (contract nextStatuses); none once closed. */
  nextStatuses: RequestStatus[];
  /** Its files; `href` is the console's preview and download address. */
  files: { id: string; name: string; contentType: string; size: number | null; href: string }[];
}

/** PATCH …/status's answer, the integration API's. */
export interface ConsoleStatusChange {
  reference: string;
  status: RequestStatus;
  changed: boolean;
}

/** PUT …/assignment's answer. */
export interface ConsoleAssignment {
  reference: string;
  assignee: { id: string; displayName: string } | null;
}

/** A customer's file, read-only, as the customer sees it in the portal. */
export interface CustomerFile {
  customerNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  birthDate: string | null;
  /** 'active': has a password; 'none': never signed in; 'deleted': closed their online access. */
  portalAccess: 'active' | 'none' | 'deleted';
  /** The customer API's policies (first page, POLICIES_PAGE_SIZE). */
  contracts: Policy[];
  /** The documents to download of each contract, as the customer's documents screen lists them. */
  documents: { policyNumber: string; documents: DownloadedDocument[] }[];
  /** 'Mes demandes' and claims, newest first (CUSTOMER_FILE_REQUESTS at most). */
  requests: RequestList;
}
export const CUSTOMER_FILE_REQUESTS = 100;

/** POST …/invitation's answer (the integration API's outcomes). */
export interface ConsoleInvitation {
  outcome: (typeof INVITATION_OUTCOMES)[number];
}

export interface AuditPage {
  items: AuditEntry[];
  page: number;
  pageCount: number;
  total: number;
}

/** The actions the console audits (services/staff/audit.ts), in French. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'request.read': 'Consultation d’une demande',
  'request.file_read': 'Consultation d’un fichier',
  'request.status_changed': 'Changement de statut',
  'request.assigned': 'Attribution d’une demande',
  'customer.search': 'Recherche de clients',
  'customer.read': 'Consultation d’un dossier client',
  'customer.invited': 'Invitation de première connexion',
  'audit.exported': 'Export du journal',
  'staff.signed_in': 'Connexion à la console',
  'staff.created': 'Création d’un compte de l’équipe',
  'staff.disabled': 'Désactivation d’un compte de l’équipe',
  'staff.second_factor_reset': 'Réinitialisation de la double authentification d’un membre',
};

/** The label of `action`, or the action itself when it has none yet. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** The audit CSV's columns (header row, in French). */
export const AUDIT_CSV_COLUMNS = [
  'Date (UTC)',
  'Membre de l’équipe',
  'Action',
  'Code',
  'Objet',
  'Identifiant',
  'N° client',
  'Adresse IP',
  'Navigateur',
  'Détails',
] as const;
