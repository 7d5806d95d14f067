// Every /api/v1 path of docs/product/policies.md, written once: the server registers these templates as they
// are (Fastify's `:param` syntax), the web client builds its URLs from them with apiPath(), so
// a path is never retyped as a template string.

/**
 * Where the identity provider sends the browser back after sign-in: a path of the SPA that the
 * server also registers as the client's redirect URI.
 */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/**
 * Where the identity provider sends the browser after sign-out: a public page of the SPA ('Vous
 * êtes déconnecté(e)') that does not start a sign-in; registered as the post-logout redirect URI.
 */
export const LOGGED_OUT_PATH = '/loggedOut';

/**
 * Where the identity provider sends the browser after the sign-out that follows an account
 * deletion: a public page (« Votre compte a été supprimé ») without « Se reconnecter »; the
 * second post-logout redirect URI (docs/decisions/0041-account-deletion-recap.md).
 */
export const ACCOUNT_DELETED_PATH = '/accountDeleted';
/** 'Mon compte' › « Sécurité », where the new-device mail leads (here, not beside the sessions'
 * schemas: the portal's entry reads it, and must not load the validation library with it). */
export const ACCOUNT_SECURITY_PATH = '/account/security';
/** 'Mon compte' › 'Mot de passe'. */
export const ACCOUNT_PASSWORD_PATH = '/account/password';
/** The console's « Mon compte » (under CONSOLE_APP_PATH), where a staff new-device mail leads. */
export const CONSOLE_ACCOUNT_PAGE = '/compte';
/** « Messagerie », and one conversation (the notification mail's link): here for the same reason. */
export const MESSAGES_PATH = '/messages';
export const conversationPath = (id: string) => `/messages/${encodeURIComponent(id)}`;
/** 'Mon compte' › « Mes données », where the ready mail leads: here for the same reason. */
export const ACCOUNT_DATA_PATH = '/account/data';
/** Where the portal shows one request (its detail and timeline): the link of the status e-mails. */
export const REQUEST_DETAIL_PATH_PATTERN = '/account/requests/:reference';
export const requestDetailPath = (reference: string) =>
  `/account/requests/${encodeURIComponent(reference)}`;

/**
 * The portal's own session (docs/decisions/0065-portal-session-cookie.md): GET starts sign-in
 * (`?returnTo=/path`), POST with SESSION_REQUEST_HEADER ends the session and answers 204 — or,
 * with an external provider, 200 and a SignOutAnswer: the browser goes on to end the provider's
 * session there (docs/decisions/0084-external-provider-sessions.md).
 */
export const AUTH_SIGN_IN_PATH = '/auth/sign-in';
export const AUTH_SIGN_OUT_PATH = '/auth/sign-out';

/** What AUTH_SIGN_OUT_PATH answers with 200: the provider's end-session address. */
export interface SignOutAnswer {
  endSession: string;
}

/**
 * Where an external provider tells the portal that one of its sessions ended (OpenID Connect
 * Back-Channel Logout 1.0): the portal's sessions opened from it end at once.
 */
export const AUTH_BACKCHANNEL_LOGOUT_PATH = '/auth/backchannel-logout';

/**
 * The header every write of the portal carries, with the value '1': a cross-site form or image
 * cannot send it, and a cross-origin script cannot without a CORS preflight the server never
 * grants (docs/decisions/0066-writes-need-a-same-origin-header.md).
 */
export const SESSION_REQUEST_HEADER = 'x-espace-request';

/** The prefix of every API call (docs/product/policies.md "All paths start with /api/v1"). */
export const API_PREFIX = '/api/v1';

export const API_ROUTES = {
  account: '/account/accounts/:accountId',
  phoneContact: '/account/accounts/:accountId/mail/phone-contact',
  mailContact: '/account/accounts/:accountId/mail/mail-contact',
  validateAddress: '/account/accounts/:accountId/validateAddress',
  accountAddress: '/account/accounts/:accountId/address',
  requests: '/account/accounts/:accountId/requests',
  request: '/account/accounts/:accountId/requests/:reference',
  conversations: '/message/accounts/:accountId/conversations',
  /** A new conversation whose first message carries a file (multipart). */
  conversationStartAttachments: '/message/accounts/:accountId/conversations/attachments',
  conversation: '/message/accounts/:accountId/conversations/:conversationId',
  conversationMessages: '/message/accounts/:accountId/conversations/:conversationId/messages',
  conversationAttachments: '/message/accounts/:accountId/conversations/:conversationId/attachments',
  conversationFile: '/message/accounts/:accountId/conversations/:conversationId/files/:fileId',
  messageDraft: '/message/accounts/:accountId/drafts/:slot',
  password: '/authentication/accounts/:accountId/password',
  sessions: '/authentication/accounts/:accountId/sessions',
  session: '/authentication/accounts/:accountId/sessions/:sessionId',
  passkeys: '/authentication/accounts/:accountId/passkeys',
  passkeyOptions: '/authentication/accounts/:accountId/passkeys/options',
  passkey: '/authentication/accounts/:accountId/passkeys/:passkeyId',
  dataExports: '/account/accounts/:accountId/data-exports',
  dataExportArchive: '/account/accounts/:accountId/data-exports/:exportId/archive',
  secondFactor: '/authentication/accounts/:accountId/second-factor',
  secondFactorEnrolment: '/authentication/accounts/:accountId/second-factor/enrolment',
  recoveryCodes: '/authentication/accounts/:accountId/second-factor/recovery-codes',
  stepUp: '/authentication/accounts/:accountId/step-up',
  stepUpPasskeyOptions: '/authentication/accounts/:accountId/step-up/passkey-options',
  consent: '/consent/accounts/:accountId/:consent',
  policies: '/policy/accounts/:accountId',
  documents: '/document/accounts/:accountId/policy/:policyNumber',
  document: '/document/accounts/:accountId/policy/:policyNumber/document/:documentId',
  uploadFile: '/document/accounts/:accountId/policy/:policyNumber/uploadfile',
  driver: '/policy/accounts/:accountId/:policyNumber/driver',
  vehicle: '/policy/accounts/:accountId/:policyNumber/vehicle',
  checkIban: '/policy/accounts/:accountId/iban/:iban',
  paymentDetails: '/policy/accounts/:accountId/:policyNumber/payment-details',
  garageAddress: '/policy/accounts/:accountId/address/:policyNumber',
  terminate: '/policy/accounts/:accountId/:policyNumber/terminate',
  complaints: '/complaint/accounts/:accountId/complaints',
  complaint: '/complaint/accounts/:accountId/complaints/:reference',
  complaintFiles: '/complaint/accounts/:accountId/complaints/:reference/files',
  complaintAnswer: '/complaint/accounts/:accountId/complaints/:reference/answer',
  claimDrafts: '/claim/accounts/:accountId/drafts',
  claimDraft: '/claim/accounts/:accountId/drafts/:draftId',
  claimDraftStep: '/claim/accounts/:accountId/drafts/:draftId/steps/:step',
  claimDraftProgress: '/claim/accounts/:accountId/drafts/:draftId/progress',
  claimDraftFiles: '/claim/accounts/:accountId/drafts/:draftId/files/:role',
  claimDraftFile: '/claim/accounts/:accountId/drafts/:draftId/file/:fileId',
  claimDraftSubmit: '/claim/accounts/:accountId/drafts/:draftId/submit',
  addressSearch: '/address/search',
  addressSearchMode: '/address/search-mode',
  faq: '/content/faq',
  legalPage: '/content/legal/:slug',
} as const;

export type ApiRoute = (typeof API_ROUTES)[keyof typeof API_ROUTES];

/** The `:name` segments of a route template, as a union of names. */
export type RouteParams<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<Rest>
  : T extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamValues<T extends string> = [RouteParams<T>] extends [never]
  ? [params?: Record<string, never>]
  : [params: Record<RouteParams<T>, string | number | boolean>];

/**
 * The path of a call relative to API_PREFIX, each parameter URL-encoded:
 * `apiPath(API_ROUTES.driver, { accountId, policyNumber })`.
 */
export function apiPath<T extends string>(template: T, ...[params]: ParamValues<T>): string {
  const values = (params ?? {}) as Record<string, string | number | boolean>;
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: missing :${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
