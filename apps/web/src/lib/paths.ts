// Every route path of the portal (docs/product/README.md), in one place: the routers' `path` patterns and the
// links both come from here. The sign-in callback is the contract's, since the server registers
// it with the identity provider as the redirect URI.
import {
  ACCOUNT_DATA_PATH,
  ACCOUNT_DELETED_PATH,
  ACCOUNT_SECURITY_PATH,
  AUTH_CALLBACK_PATH,
  conversationPath,
  MESSAGES_PATH,
  LOGGED_OUT_PATH,
  REQUEST_DETAIL_PATH_PATTERN,
  requestDetailPath,
} from '@espace/contract';

/** The `:tab` parameter of /documents/{id} (docs/product/README.md): 0 'Téléchargement', 1 'Documents à fournir'. */
export type DocumentsTab = 0 | 1;

export const paths = {
  home: '/',
  policies: '/policies',
  coverages: '/coverages',
  documents: '/documents',
  /** The route pattern of /documents/{id}; read the id with `useParams()` as `tab`. */
  documentsTabPattern: '/documents/:tab',
  documentsTab: (tab: DocumentsTab) => `/documents/${tab}`,
  account: '/account',
  accountAddress: '/account/address',
  accountPassword: '/account/password',
  accountCommunication: '/account/communication',
  accountDelete: '/account/accountDelete',
  /** « Sécurité »: the open sessions (the contract's, the link of the new-device mail). */
  accountSecurity: ACCOUNT_SECURITY_PATH,
  /** « Mes données »: the copy of the customer's data (the contract's, the ready mail's link). */
  accountData: ACCOUNT_DATA_PATH,
  /** 'Mes demandes'. */
  accountRequests: '/account/requests',
  /** The route pattern of one request (the contract's, the link of the status e-mails). */
  accountRequestPattern: REQUEST_DETAIL_PATH_PATTERN,
  accountRequest: requestDetailPath,
  /** « Messagerie »: the conversations with the broker (docs/product/messages.md). */
  messages: MESSAGES_PATH,
  /** A new conversation: free, or about request `reference` (continues its conversation). */
  messageNew: `${MESSAGES_PATH}/nouveau`,
  messageNewAbout: (reference: string) =>
    `${MESSAGES_PATH}/nouveau?demande=${encodeURIComponent(reference)}`,
  /** The route pattern of one conversation (the contract's, the link of the notification mail). */
  conversationPattern: `${MESSAGES_PATH}/:conversationId`,
  conversation: conversationPath,
  /** « Réclamation » (docs/product/complaints.md): from /contact, the legal pages, a request, a conversation. */
  complaint: '/complaint',
  complaintAbout: (reference: string) => `/complaint?demande=${encodeURIComponent(reference)}`,
  complaintFromConversation: (id: string) => `/complaint?conversation=${encodeURIComponent(id)}`,
  changeAddress: '/changeAddress',
  faq: '/faq',
  contact: '/contact',
  addDriver: '/addDriver',
  removeDriver: '/removeDriver',
  changeVehicle: '/changeVehicle',
  changePaymentDetails: '/changePaymentDetails',
  /** The route pattern of /contractTermination/{policyNumber}; read it with `useParams()`. */
  contractTerminationPattern: '/contractTermination/:policyNumber',
  contractTermination: (policyNumber: string) =>
    `/contractTermination/${encodeURIComponent(policyNumber)}`,
  /** Déclarer un sinistre: choose the contract, or resume a draft. */
  claims: '/claims',
  /** The same, with a contract chosen (from its card or menu). */
  claimsFor: (policyNumber: string) => `/claims?contrat=${encodeURIComponent(policyNumber)}`,
  /** The route pattern of one step of a claim draft; read `draftId` and `step` with `useParams()`. */
  claimStepPattern: '/claims/:draftId/:step',
  claimStep: (draftId: string, step: string) =>
    `/claims/${encodeURIComponent(draftId)}/${encodeURIComponent(step)}`,
  /** The receipt screen after sending (its acknowledgement in the navigation state). */
  claimSent: '/claims/sent',
  rules: '/rules',
  generalConditions: '/generalConditions',
  personalInformation: '/personalInformation',
  cookies: '/cookies',
  accessibility: '/accessibility',
  notFound: '/not-found',
  authCallback: AUTH_CALLBACK_PATH,
  /** Public: the end of a sign-out, shown without signing in again (docs/product/README.md logout). */
  loggedOut: LOGGED_OUT_PATH,
  /** Public: the end of the sign-out after an account deletion, no « Se reconnecter » (0041). */
  accountDeleted: ACCOUNT_DELETED_PATH,
} as const;
