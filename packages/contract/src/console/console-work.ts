// The shapes of the staff console's work (docs/console.md « Demandes », « Clients »,
// « Journal »): a request's page, a customer's file and the audit log's page, built on the
// integration API's and the customer API's own shapes (the console reads the same services), and
// the French label of each audited action.
import type { RequestEventData } from '../integration/events';
import { RECONTACT_PROMISE_HOURS } from '../shared/constants';
import type { RequestKind, RequestStatus } from '../requests/kinds';
import type { RequestList, RequestTimelineEntry } from '../requests/requests';
import type { DownloadedDocument } from '../documents/documents';
import type { Policy } from '../policies/policy';
import type { INVITATION_OUTCOMES } from '../account/first-access';
import type { AuditEntry, StaffName } from './console';
import type { ConsoleFile, ConsoleOwedDocument } from './console-documents';

/**
 * The default target delay of each kind, in hours: CONSOLE_TARGET_HOURS overrides any. A
 * call-back and a written message (an e-mail request, a free conversation of the « Messagerie »,
 * services/console/conversation-rows.ts) take the portal's recontact promise.
 */
export const DEFAULT_TARGET_HOURS: Partial<Record<RequestKind, number>> & { other: number } = {
  claim: 24,
  termination: 48,
  call_back: RECONTACT_PROMISE_HOURS,
  email_message: RECONTACT_PROMISE_HOURS,
  other: 72,
};
/** An open item is « bientôt en retard » past this share of its target delay. */
export const DUE_SOON_SHARE = 0.75;

/**
 * One line of what the customer sent, in full where the broker needs it to carry the change out
 * (services/console/request-fields.ts); `reveal: 'iban'` is a masked IBAN whose full value
 * comes from POST …/iban, each reveal audited.
 */
export interface ConsoleField {
  label: string;
  value: string;
  reveal?: 'iban';
}

/**
 * A step of a request's history, oldest first: a status (with the message the customer read and
 * what it carried) or an assignment, and who did it (a staff member, the broker's systems, the
 * customer).
 */
export interface ConsoleTimelineEntry {
  at: string;
  /** « Léa Martin a passé la demande en cours de traitement. » */
  sentence: string;
  /** Who, when it was a staff member (their e-mail on hover). */
  by: StaffName | null;
  /** The status it set; null for an assignment. */
  status: RequestTimelineEntry['status'] | null;
  statusLabel: string | null;
  message: string | null;
  details: RequestTimelineEntry['details'];
}

/** A request's page: the integration API's detail, its customer, assignee and next statuses. */
export interface ConsoleRequestDetail extends Omit<RequestEventData, 'files'> {
  /** What the customer sent, line by line, in French, in full (ConsoleField). */
  answers: ConsoleField[];
  timeline: ConsoleTimelineEntry[];
  customer: { customerNumber: string; name: string; email: string };
  assignee: { id: string; displayName: string; email: string } | null;
  /** The documents of this request: the one a file was sent for, those asked while handling it. */
  documents: ConsoleOwedDocument[];
  /** The statuses it may move to (contract nextStatuses); none once closed. */
  nextStatuses: RequestStatus[];
  /**
   * Its files; `href` is the console's download address (and a PDF's preview), `previewHref` an
   * image's, refused for one over the pixel limits (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md).
   */
  files: ConsoleFile[];
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
  /** Whether a code of an authenticator app is asked at the customer's password sign-ins. */
  secondFactor: boolean;
  /** The customer API's policies (first page, POLICIES_PAGE_SIZE). */
  contracts: Policy[];
  /**
   * The documents to download of each contract, as the customer's documents screen lists them,
   * each with the console's address to open it (`href`).
   */
  documents: { policyNumber: string; documents: (DownloadedDocument & { href: string })[] }[];
  /** Every document the customer must send on their contracts, with what they sent. */
  owedDocuments: ConsoleOwedDocument[];
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
  'request.search': 'Recherche de demandes',
  'conversation.read': 'Consultation d’une conversation',
  'conversation.file_read': 'Consultation d’une pièce jointe d’un message',
  'conversation.answered': 'Réponse à un client dans la messagerie',
  'conversation.assigned': 'Attribution d’une conversation',
  'conversation.search': 'Recherche de conversations',
  'customer.read': 'Consultation d’un dossier client',
  'customer.invited': 'Invitation de première connexion',
  'customer.second_factor_reset': 'Désactivation de la double authentification d’un client',
  'customer.document_read': 'Consultation d’un document du contrat',
  'request.iban_revealed': 'Affichage d’un IBAN complet',
  'document.checked': 'Vérification d’un document envoyé',
  'audit.exported': 'Export du journal',
  'complaint.read': 'Consultation d’une réclamation',
  'complaint.answered': 'Réponse à une réclamation',
  'complaint.register_exported': 'Export du registre des réclamations',
  'staff.signed_in': 'Connexion à la console',
  'staff.signed_out': 'Déconnexion de la console',
  'staff.created': 'Création d’un compte de l’équipe',
  'staff.disabled': 'Désactivation d’un compte de l’équipe',
  'staff.second_factor_reset': 'Réinitialisation de la double authentification d’un membre',
  'staff.password_changed': 'Changement de son mot de passe',
  'staff.enrolled': 'Activation de la double authentification',
  'staff.passkey_added': 'Ajout d’une clé d’accès',
  'staff.passkey_removed': 'Suppression d’une clé d’accès',
  'staff.recovery_codes_renewed': 'Nouveaux codes de secours',
  'staff.account_secured': 'Compte sécurisé («\u00a0Ce n’était pas moi\u00a0»)',
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
