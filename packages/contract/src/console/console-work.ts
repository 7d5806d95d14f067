// The shapes of the staff console's work (docs/console.md « Demandes », « Clients »,
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
  /**
   * Its files; `href` is the console's download address (and a PDF's preview), `previewHref` an
   * image's, refused for one over the pixel limits (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md).
   */
  files: {
    id: string;
    name: string;
    contentType: string;
    size: number | null;
    href: string;
    previewHref: string;
  }[];
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
  'staff.password_changed': 'Changement de son mot de passe',
  'staff.enrolled': 'Activation de la double authentification',
  'staff.sign_in_failed': 'Connexion à la console refusée',
  'staff.code_refused': 'Code de double authentification refusé',
  'staff.action_refused': 'Action refusée, réservée aux superviseurs',
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

/** Why the journal's hash chain is broken (services/staff/audit-chain.ts). */
export const AUDIT_CHAIN_BREAKS = ['altered', 'unlinked', 'unchained', 'head', 'anchor'] as const;
export type AuditChainBreak = (typeof AUDIT_CHAIN_BREAKS)[number];

/** GET /audit/integrity's answer: the last check of the journal's chain. */
export interface AuditIntegrity {
  intact: boolean;
  /** When the whole chain was last read (the rows added since are checked at each call). */
  checkedAt: string;
  /** The first broken entry: its place in the journal (n°), its date, and why. */
  broken: { seq: string | null; at: string | null; reason: AuditChainBreak } | null;
}

const NBSP = '\u00a0';

/** The journal page's alert when the chain is broken, in French. */
export const AUDIT_INTEGRITY_TEXTS = {
  title: 'Le journal a été modifié en dehors de la console',
  reason: (reason: AuditChainBreak, seq: string | null, date: string | null): string => {
    const entry = `l’entrée n°${NBSP}${seq ?? '?'}${date ? ` du ${date}` : ''}`;
    switch (reason) {
      case 'altered':
        return `Le contenu de ${entry} a été changé directement dans la base de données${NBSP}: il ne correspond plus à son empreinte.`;
      case 'unlinked':
        return `Une entrée a été supprimée ou ajoutée directement dans la base de données juste avant ${entry}.`;
      case 'unchained':
        return `Une entrée${date ? ` du ${date}` : ''} a été ajoutée directement dans la base de données, sans passer par le serveur.`;
      case 'head':
        return 'Les dernières entrées du journal ont été supprimées directement dans la base de données.';
      case 'anchor':
        return `Le journal a été réécrit à partir de ${entry}.`;
    }
  },
  advice: `Les entrées à partir de ce point ne sont plus fiables. Prévenez l’administrateur du serveur${NBSP}: il vérifie le journal avec la commande «${NBSP}verify-journal${NBSP}» et compare avec la dernière sauvegarde.`,
} as const;
