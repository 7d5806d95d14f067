// The staff console's API (`/backoffice/api`, docs/console.md): what the console app and the
// server agree on. Its callers are the broker's staff, signed in with the console's own cookie
// session; a customer's session or token and an integration token never open it. The request
// detail, the status change and the customer's contracts, documents and requests are the shapes
// of the integration API and of the customer API (requests/, policies/, integration/events.ts):
// the console reads the same services.
import { z } from '../shared/zod';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../requests/kinds';
import { safeString } from '../shared/safe-text';

/** A staff member named in a page: their name, and their e-mail (on hover). */
export interface StaffName {
  displayName: string;
  email: string | null;
}

export const CONSOLE_API_PREFIX = '/backoffice/api';
/** The console app's own pages (served by the server, signed-in staff only). */
export const CONSOLE_APP_PATH = '/backoffice';

/** The console API's paths, relative to CONSOLE_API_PREFIX (`:name` are parameters). */
export const CONSOLE_ROUTES = {
  /** GET: the signed-in staff member. */
  me: '/me',
  /** POST: ends the console session (and its provider session). */
  signOut: '/sign-out',
  /** PUT: the member's new password (passwordChangeSchema of account/); other sessions end. */
  password: '/me/password',
  /** GET: the member's passkeys; POST: adds one (`startRegistration`'s answer); both audited. */
  passkeys: '/me/passkeys',
  /** POST: the options of `startRegistration` (a challenge for this member). */
  passkeyOptions: '/me/passkeys/options',
  /** DELETE: removes one of the member's passkeys (404 when it is not theirs). */
  passkey: '/me/passkeys/:passkeyId',
  /** POST: new recovery codes (recoveryCodesSchema of account/), after a fresh proof; audited. */
  recoveryCodes: '/me/recovery-codes',
  /** POST: a fresh proof (stepUpSchema of account/: the password, a code or a passkey). */
  stepUp: '/me/step-up',
  /** POST: the options of `startAuthentication` for a step-up by one of the member's passkeys. */
  stepUpPasskeyOptions: '/me/step-up/passkey-options',
  /** GET: the inbox (query: inboxQuerySchema). */
  requests: '/requests',
  /** GET: one request as the broker sees it, with its timeline, files and assignee. */
  request: '/requests/:reference',
  /** PATCH: a status change (requests/statuses.ts statusChangeSchema). */
  requestStatus: '/requests/:reference/status',
  /** PUT: assign (assignmentSchema). */
  requestAssignment: '/requests/:reference/assignment',
  /** GET: one of its files, inline for a preview (PDF, images) with the downloads' safety. */
  requestFile: '/requests/:reference/files/:fileId',
  /** POST: the new IBAN of a bank-details change in full (each reveal audited). */
  requestIban: '/requests/:reference/iban',
  /** POST: checks a document the customer sent (documentCheckSchema): validated or rejected. */
  documentCheck: '/documents/:documentId/check',
  /** GET: the complaints queue, oldest answer deadline first, with both deadlines and lateness. */
  complaints: '/complaints',
  /** GET (supervisors): the complaints register as CSV (UTF-8 BOM, `;`, dd/mm/yyyy). */
  complaintsRegister: '/complaints/register',
  /** GET: one complaint (audited 'complaint.read'). */
  complaint: '/complaints/:reference',
  /** POST: the answer (complaintAnswerSchema), with the mediator when not accepted in full. */
  complaintAnswer: '/complaints/:reference/answer',
  /** GET (supervisors): open and late requests, per kind, status and agent, and the last weeks. */
  dashboard: '/dashboard',
  /** GET: customer search (query: customerSearchQuerySchema). */
  customers: '/customers',
  /** GET: a customer's file, read-only, as the customer sees it (every read audited). */
  customer: '/customers/:customerNumber',
  /** POST: sends the first-access invitation. */
  customerInvitation: '/customers/:customerNumber/invitation',
  /**
   * DELETE: turns off the customer's second factor, at their request when they lost both their
   * app and their recovery codes (supervisors only; mailed to the customer, audited).
   */
  customerSecondFactor: '/customers/:customerNumber/second-factor',
  /** GET: a document of one of the customer's contracts, as the customer downloads it (audited). */
  customerDocument: '/customers/:customerNumber/contracts/:policyNumber/documents/:documentId',
  /**
   * GET: the enabled staff accounts (agents to assign), or every one for a supervisor with
   * `?include=disabled` (staffListQuerySchema); POST (supervisors): create one (staffCreateSchema).
   */
  staff: '/staff',
  /** POST (supervisors): disables an account and ends its sessions (not one's own). */
  staffDisable: '/staff/:id/disable',
  /**
   * POST (supervisors): forgets an account's second factor and its password, ends its sessions
   * and mails the member a single-use link to choose a new password, then enrol again
   * (staff-links.ts); the supervisor sees neither. 409 when the server sends no mail.
   */
  staffSecondFactorReset: '/staff/:id/second-factor-reset',
  /** GET (supervisors): the audit log (query: auditQuerySchema). */
  audit: '/audit',
  /** GET (supervisors): whether the audit log's hash chain is intact (AuditIntegrity). */
  auditIntegrity: '/audit/integrity',
  /** GET (supervisors): the same, as CSV. */
  auditCsv: '/audit.csv',
  /** GET: the « Messages » inbox (query: consoleConversationQuerySchema). */
  conversations: '/conversations',
  /** GET: one conversation with its customer (every read audited; the customer's messages become read). */
  conversation: '/conversations/:conversationId',
  /** POST: the broker's answer (postMessageSchema): the customer is told by e-mail, without it. */
  conversationMessages: '/conversations/:conversationId/messages',
  /** POST: the broker's answer with a file (multipart: `text`, then `file`), as the customer's. */
  conversationAttachments: '/conversations/:conversationId/attachments',
  /** PUT: assign (assignmentSchema). */
  conversationAssignment: '/conversations/:conversationId/assignment',
  /** GET: one of its files (audited). */
  conversationFile: '/conversations/:conversationId/files/:fileId',
  /** GET: the conversation of a request, beside the request's page, or null (audited when one). */
  requestConversation: '/requests/:reference/conversation',
} as const;

export const consolePath = (
  route: keyof typeof CONSOLE_ROUTES,
  params: Record<string, string> = {},
) =>
  CONSOLE_API_PREFIX +
  CONSOLE_ROUTES[route].replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );

export const STAFF_ROLES = ['agent', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  agent: 'Conseiller',
  supervisor: 'Superviseur',
};

export interface StaffMember {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
}

/** A member as GET /staff lists it: whether the second factor is enrolled, the account enabled. */
export interface StaffListing extends StaffMember {
  enrolled: boolean;
  enabled: boolean;
}

export const CONSOLE_PAGE_SIZE = 25;

/** The inbox's ages: against the kind's target delay (CONSOLE_TARGET_HOURS). */
export const INBOX_AGES = ['overdue', 'due_soon', 'on_time'] as const;
export type InboxAge = (typeof INBOX_AGES)[number];
export const INBOX_SORTS = ['oldest', 'newest', 'status_changed'] as const;

const M = {
  query: 'Paramètre de recherche invalide.',
  search: 'Saisissez au moins 2 caractères.',
  email: 'Adresse e-mail invalide.',
  name: 'Nom attendu, de 1 à 100 caractères.',
  role: 'Rôle attendu\u00a0: agent ou supervisor.',
};

const optionalText = safeString({ error: M.query }).trim().max(100, { error: M.query }).optional();

/** What a search box takes: a request reference, a name, an e-mail, a customer, contract or plate number. */
const searchText = safeString({ error: M.search })
  .trim()
  .min(2, { error: M.search })
  .max(100, { error: M.search });

/** The inbox's filters, sort and page: all in the console's URL. */
export const inboxQuerySchema = z.object({
  kind: z.enum(REQUEST_KINDS, { error: M.query }).optional(),
  status: z.enum(REQUEST_STATUSES, { error: M.query }).optional(),
  /** 'open': every status still being handled (the default); 'all': closed ones too. */
  state: z.enum(['open', 'all'], { error: M.query }).default('open'),
  age: z.enum(INBOX_AGES, { error: M.query }).optional(),
  contract: optionalText,
  /** A staff id, 'me' or 'none' (not assigned). */
  agent: optionalText,
  /** The search box (services/console/search-terms.ts): reference, name, e-mail, numbers, plate. */
  q: searchText.optional(),
  sort: z.enum(INBOX_SORTS, { error: M.query }).default('oldest'),
  page: z.coerce
    .number({ error: M.query })
    .int({ error: M.query })
    .min(1, { error: M.query })
    .default(1),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const assignmentSchema = z.object({
  /** The staff member to assign to, or null to unassign. */
  staffId: z.string({ error: M.query }).min(1, { error: M.query }).max(100).nullable(),
});

export const customerSearchQuerySchema = z.object({ q: searchText });

export interface CustomerSearchHit {
  customerNumber: string;
  name: string;
  email: string | null;
  policyNumbers: string[];
  plates: string[];
  /** The customer's request whose reference was searched, to open it at once. */
  requestReference: string | null;
}

export const staffCreateSchema = z.object({
  email: z.email({ error: M.email }).max(254, { error: M.email }),
  displayName: safeString({ error: M.name })
    .trim()
    .min(1, { error: M.name })
    .max(100, { error: M.name }),
  role: z.enum(STAFF_ROLES, { error: M.role }),
});

/** GET /staff's query: `include=disabled` (supervisors) lists the disabled accounts too. */
export const staffListQuerySchema = z.object({
  include: z.enum(['disabled'], { error: M.query }).optional(),
});

export const auditQuerySchema = z.object({
  staff: optionalText,
  customer: optionalText,
  from: optionalText,
  to: optionalText,
  page: z.coerce
    .number({ error: M.query })
    .int({ error: M.query })
    .min(1, { error: M.query })
    .default(1),
});

export interface AuditEntry {
  id: string;
  at: string;
  staffId: string;
  staffEmail: string;
  /** The member's name when the account exists (the e-mail stays for the CLI and refusals). */
  staffName: string | null;
  /** What was done in a line of French: « Reçue → Traitée : … », « Non attribuée → Léa Martin ». */
  summary: string | null;
  action: string;
  actionLabel: string;
  targetKind: string | null;
  targetId: string | null;
  /** What it was about, in French, never a raw id: a conversation's subject, a member's name… */
  targetLabel: string | null;
  customerNumber: string | null;
  address: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}
