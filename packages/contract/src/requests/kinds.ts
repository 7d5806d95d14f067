// The one table of the kinds of request and of their statuses ('Mes demandes',
// docs/product/requests.md). Browser and server read it: the labels the customer reads, which
// statuses are still being handled, where the rows of each kind come from (the view
// `customer_requests` of the migrations unites these sources). Adding a kind touches this table
// and the migration that adds it to the view (docs/development.md « Adding a kind of request »);
// TypeScript then asks for its summary on the server (services/requests/summaries.ts).
import { OUTBOX_TYPES } from '../contact/contact';

interface RequestKindEntry {
  /** What the kind is called in the list. */
  label: string;
  /** The table whose rows are requests of this kind (the view's sources). */
  source:
    | 'change_requests'
    | 'outbox'
    | 'termination_requests'
    | 'received_files'
    | 'claim_declarations'
    | 'complaints';
  /** For an outbox kind: the row type that makes a request of it. */
  outboxType?: string;
}

export const REQUEST_KIND_TABLE = {
  add_driver: { label: 'Ajout d’un conducteur', source: 'change_requests' },
  remove_driver: { label: 'Retrait d’un conducteur', source: 'change_requests' },
  change_vehicle: { label: 'Changement de véhicule', source: 'change_requests' },
  change_payment_details: { label: 'Coordonnées bancaires', source: 'change_requests' },
  change_garage_address: { label: 'Adresse de garage', source: 'change_requests' },
  personal_address: {
    label: 'Adresse personnelle',
    source: 'outbox',
    outboxType: OUTBOX_TYPES.personalAddress,
  },
  termination: { label: 'Résiliation', source: 'termination_requests' },
  call_back: {
    label: 'Demande de rappel',
    source: 'outbox',
    outboxType: OUTBOX_TYPES.phoneContact,
  },
  email_message: {
    label: 'Message au service client',
    source: 'outbox',
    outboxType: OUTBOX_TYPES.mailContact,
  },
  documents: { label: 'Document envoyé', source: 'received_files' },
  claim: { label: 'Déclaration de sinistre', source: 'claim_declarations' },
  complaint: { label: 'Réclamation', source: 'complaints' },
} as const satisfies Record<string, RequestKindEntry>;

export type RequestKind = keyof typeof REQUEST_KIND_TABLE;
/** The kinds of a contract change: the values of `change_requests.type`. */
export type ChangeRequestKind = {
  [K in RequestKind]: (typeof REQUEST_KIND_TABLE)[K]['source'] extends 'change_requests'
    ? K
    : never;
}[RequestKind];

export const REQUEST_KINDS = Object.keys(REQUEST_KIND_TABLE) as [RequestKind, ...RequestKind[]];

/** What each kind of request is called in the list. */
export const REQUEST_KIND_LABELS = Object.fromEntries(
  REQUEST_KINDS.map((kind) => [kind, REQUEST_KIND_TABLE[kind].label]),
) as Record<RequestKind, string>;

export const REQUEST_STATUS_TABLE = {
  received: { label: 'Reçue', open: true },
  /** A claim's first status (« Déclaré »); the broker then moves it along the claim's steps. */
  declared: { label: 'Déclaré', open: true },
  in_progress: { label: 'En cours de traitement', open: true },
  /** The broker waits for a document it names; the customer finds it on the documents screen. */
  awaiting_documents: { label: 'En attente de pièces', open: true },
  done: { label: 'Traitée', open: false },
  /** The label is followed by the broker's reason. */
  refused: { label: 'Refusée', open: false },
  // A claim's own steps (docs/product/claims.md « Suivi »).
  under_review: { label: 'En cours d’instruction', open: true },
  /** With the date of the appraisal and the expert's name. */
  expert_appointed: { label: 'Expertise planifiée', open: true },
  /** With the garage. */
  in_repair: { label: 'En réparation', open: true },
  /** With the amount paid and the franchise kept. */
  settled: { label: 'Indemnisé', open: true },
  closed: { label: 'Clos', open: false },
} as const satisfies Record<string, { label: string; open: boolean }>;

export type RequestStatus = keyof typeof REQUEST_STATUS_TABLE;

export const REQUEST_STATUSES = Object.keys(REQUEST_STATUS_TABLE) as [
  RequestStatus,
  ...RequestStatus[],
];
/** The statuses the broker sets ('declared' is only a claim's first one). */
export type BrokerRequestStatus = Exclude<RequestStatus, 'declared'>;
export const BROKER_REQUEST_STATUSES = REQUEST_STATUSES.filter(
  (status): status is BrokerRequestStatus => status !== 'declared',
);

/** The label the customer reads for each status. */
export const REQUEST_STATUS_LABELS = Object.fromEntries(
  REQUEST_STATUSES.map((status) => [status, REQUEST_STATUS_TABLE[status].label]),
) as Record<RequestStatus, string>;

/** The statuses of a request still being handled: a same request sent again is a duplicate. */
export const OPEN_REQUEST_STATUSES = REQUEST_STATUSES.filter(
  (status) => REQUEST_STATUS_TABLE[status].open,
);
