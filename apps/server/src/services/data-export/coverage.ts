// What « Mes données » covers (docs/product/data-export.md, docs/data-map.md,
// docs/decisions/0133-data-export-holds-the-data-map.md): the tables each section of the archive
// reads, and what it leaves out and why, in French for the customer (the PDF's last section) and
// in English for the team. test/services/data-export/coverage.test.ts reads the database's schema
// and fails when a table holding a customer's data is in neither list, or is missing from
// docs/data-map.md; and when the documentation's « read from » column differs from
// DATA_EXPORT_SOURCES.
import type { DB } from '../../db/types';
import type { DataExportSection } from './collect';

export type TableName = keyof DB;

/** The tables (and the view `customer_requests`) each section reads, directly or through a view. */
export const DATA_EXPORT_SOURCES: Record<DataExportSection, readonly TableName[]> = {
  account: ['accounts', 'account_addresses', 'garage_addresses'],
  security: ['credentials', 'customer_second_factors', 'customer_recovery_codes'],
  passkeys: ['passkeys'],
  consentHistory: ['consent_history'],
  contracts: ['policies', 'risks', 'guarantees', 'drivers', 'payment_details', 'claims'],
  documents: ['downloadable_documents', 'received_files'],
  owedDocuments: ['policy_documents'],
  requests: [
    'customer_requests',
    'change_requests',
    'outbox',
    'termination_requests',
    'termination_files',
    'received_files',
    'policy_documents',
    'claim_declarations',
    'claim_files',
    'complaints',
    'complaint_files',
    'downloadable_documents',
    'request_statuses',
    'request_status_history',
  ],
  claims: ['claim_declarations', 'drivers'],
  claimDrafts: ['claim_drafts', 'claim_files'],
  conversations: ['conversations', 'conversation_messages', 'message_files'],
  messageDrafts: ['message_drafts'],
  signIns: ['sign_ins'],
  dataExports: ['data_exports', 'data_export_trail'],
  staffAccesses: ['staff_audit'],
};

/** What the copy leaves out of some tables (or of all of a table), and why. */
export interface LeftOut {
  tables: readonly TableName[];
  /** Said to the customer, in the PDF. */
  fr: string;
  en: string;
}

const NBSP = '\u00a0';

export const DATA_EXPORT_LEFT_OUT: readonly LeftOut[] = [
  {
    tables: ['credentials', 'customer_second_factors', 'customer_recovery_codes'],
    fr: `Votre mot de passe, le secret de votre double authentification et vos codes de secours${NBSP}: ils ne sont gardés que sous une forme scellée ou une empreinte irréversible, et les donner permettrait de se connecter à votre place.`,
    en: 'The password hash, the sealed TOTP secret and the recovery codes’ hashes: secrets that would let someone sign in; the copy gives their dates and the number of codes left.',
  },
  {
    tables: ['passkeys', 'webauthn_challenges'],
    fr: `La clé publique et le compteur de chaque clé d’accès, et les défis à usage unique de leur connexion${NBSP}: des données techniques propres à votre appareil, sans contenu lisible.`,
    en: 'Each passkey’s public key and counter, and the single-use WebAuthn challenges: technical data with no readable content; the copy gives each passkey’s name and dates.',
  },
  {
    tables: ['oidc_payloads', 'portal_sessions', 'password_reset_tokens'],
    fr: `Les jetons de vos sessions ouvertes et de vos liens de réinitialisation du mot de passe${NBSP}: des secrets qui ouvrent votre espace. Vos connexions sont listées.`,
    en: 'Session, grant and token payloads, the portal’s cookie sessions and the reset links: secrets that open the account; the sign-ins are listed.',
  },
  {
    tables: ['identity_changes'],
    fr: `Le relevé des modifications de votre connexion (clés d’accès, double authentification, codes de secours, mot de passe) et de leurs liens «${NBSP}Ce n’était pas moi${NBSP}»${NBSP}: chacune vous a été envoyée par e-mail au moment où elle a été faite, avec sa date et l’appareil, et ses liens sont des secrets qui agissent sur votre espace. L’état qui en résulte est dans cette copie.`,
    en: 'The record of the changes to the ways in and their « Ce n’était pas moi » links’ hashes: each was mailed when made, with its time and device, and the links act on the account; the resulting state (passkeys, second factor, codes left, password date) is in the export.',
  },
  {
    tables: ['idempotency_keys', 'events', 'outbox', 'request_index', 'policy_data_versions'],
    fr: `Les copies techniques de vos demandes${NBSP}: les avis envoyés au système informatique de votre courtier et les e-mails en attente d’envoi, l’index de la console, les réponses gardées 48${NBSP}heures pour ne pas enregistrer deux fois une demande renvoyée, le numéro de version de vos contrats. Ce qu’elles copient est dans cette copie.`,
    en: 'Technical copies of the requests: the broker’s events and the queued mails and deliveries, the console’s request index, replayed answers kept 48 h, the contracts’ version counter. What they copy is in the export (the outbox’s customer-service requests through « requests »).',
  },
  {
    tables: [
      'staff_audit',
      'request_assignments',
      'request_status_history',
      'conversations',
      'conversation_messages',
      'complaints',
      'policy_documents',
    ],
    fr: `Le nom, l’adresse IP et le navigateur des membres de l’équipe de votre courtier qui ont consulté votre dossier, traité vos demandes ou vous ont répondu${NBSP}: le droit d’accès porte sur les dates et les objets des consultations, pas en principe sur l’identité des employés (Cour de justice de l’Union européenne, 22${NBSP}juin${NBSP}2023, C-579/21).`,
    en: 'Who among the staff read the file, handled a request, checked a document or answered, with their address and browser: the right of access covers the dates and purposes of consultations, not in principle the employees’ identity (CJEU C-579/21).',
  },
  {
    tables: [
      'downloadable_documents',
      'received_files',
      'message_files',
      'claim_files',
      'complaint_files',
      'termination_files',
    ],
    fr: `Les fichiers eux-mêmes (documents, pièces jointes, photos)${NBSP}: ils sont listés ici et chacun se télécharge dans votre espace.`,
    en: 'The stored files themselves: listed (name, type, size), each downloadable in the portal; copying them would make the archive large.',
  },
];
