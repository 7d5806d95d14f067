// How the broker moves a request on (PATCH /backoffice/v1/requests/{reference},
// docs/integration.md « Statuts »): which status may follow which, for a request and for a
// claim, and what each status must carry. Browser, server and the staff console read this one
// table; the server refuses any other move with 409 and the statuses allowed from where it is.
import { z } from '../shared/zod';
import { isIsoDate } from '../shared/dates';
import { safeString } from '../shared/safe-text';
import type { RequestKind, RequestStatus } from './kinds';

/** The statuses of a request that is not a claim, and where each may go. */
const REQUEST_TRANSITIONS = {
  received: ['in_progress', 'awaiting_documents', 'done', 'refused'],
  in_progress: ['awaiting_documents', 'done', 'refused'],
  awaiting_documents: ['in_progress', 'done', 'refused'],
  done: [],
  refused: [],
} as const satisfies Partial<Record<RequestStatus, readonly RequestStatus[]>>;

/** A claim's steps (docs/product/claims.md « Suivi »). */
const CLAIM_TRANSITIONS = {
  declared: ['under_review', 'awaiting_documents', 'expert_appointed', 'refused', 'closed'],
  under_review: [
    'awaiting_documents',
    'expert_appointed',
    'in_repair',
    'settled',
    'refused',
    'closed',
  ],
  awaiting_documents: ['under_review', 'expert_appointed', 'in_repair', 'settled', 'refused'],
  expert_appointed: ['under_review', 'awaiting_documents', 'in_repair', 'settled', 'refused'],
  in_repair: ['awaiting_documents', 'settled', 'closed'],
  settled: ['closed'],
  refused: [],
  closed: [],
} as const satisfies Partial<Record<RequestStatus, readonly RequestStatus[]>>;

/**
 * A complaint's: taken in hand, then closed by its answer only (done when accepted in full or in
 * part, refused otherwise), which the console's answer writes with the mediator's paragraph
 * (docs/decisions/0123-complaints-as-requests.md); a status change never closes one.
 */
const COMPLAINT_TRANSITIONS = {
  received: ['in_progress'],
  in_progress: [],
  done: [],
  refused: [],
} as const satisfies Partial<Record<RequestStatus, readonly RequestStatus[]>>;

const transitionsOf = (
  kind: RequestKind,
): Partial<Record<RequestStatus, readonly RequestStatus[]>> =>
  kind === 'claim'
    ? CLAIM_TRANSITIONS
    : kind === 'complaint'
      ? COMPLAINT_TRANSITIONS
      : REQUEST_TRANSITIONS;

/** The statuses a request of `kind` at `status` may move to (none: it is over). */
export function nextStatuses(kind: RequestKind, status: RequestStatus): readonly RequestStatus[] {
  return transitionsOf(kind)[status] ?? [];
}

/** Every status a request of `kind` can have. */
export function statusesOf(kind: RequestKind): RequestStatus[] {
  return Object.keys(transitionsOf(kind)) as RequestStatus[];
}

export const STATUS_CHANGE_MESSAGE_MAX = 2000;

const M = {
  message: `Le message au client compte au plus ${STATUS_CHANGE_MESSAGE_MAX} caractères.`,
  reason: 'Un refus doit donner sa raison au client (message).',
  document:
    'Le statut «\u00a0En attente de pièces\u00a0» doit nommer la pièce attendue (document.name).',
  expertise:
    'Une expertise planifiée donne sa date (expertise.date) et l’expert (expertise.expert).',
  repair: 'Une réparation nomme le garage (repair.garage).',
  settlement: 'Une indemnisation donne le montant versé et la franchise (settlement).',
  text: 'Texte attendu, de 1 à 200 caractères.',
  date: 'Date attendue au format AAAA-MM-JJ.',
  amount: 'Montant en euros attendu, positif ou nul, avec au plus deux décimales.',
};

const text = safeString({ error: M.text })
  .trim()
  .min(1, { error: M.text })
  .max(200, { error: M.text });
const isoDay = z.string({ error: M.date }).refine(isIsoDate, { error: M.date });
const euros = z
  .number({ error: M.amount })
  .nonnegative({ error: M.amount })
  .multipleOf(0.01, { error: M.amount });

export const statusChangeSchema = z
  .object({
    status: z.enum([
      'in_progress',
      'awaiting_documents',
      'done',
      'refused',
      'under_review',
      'expert_appointed',
      'in_repair',
      'settled',
      'closed',
    ]),
    message: safeString({ error: M.message })
      .trim()
      .max(STATUS_CHANGE_MESSAGE_MAX, { error: M.message })
      .optional()
      .describe('Ce que le client lit avec le statut\u00a0; la raison, pour un refus'),
    document: z
      .strictObject({
        name: text.describe('La pièce attendue, telle que le client la lit'),
        files: z.number().int().min(1).max(5).default(1).describe('Nombre de fichiers attendus'),
        dueOn: isoDay.optional().describe('La date limite'),
      })
      .optional(),
    expertise: z.strictObject({ date: isoDay, expert: text }).optional(),
    repair: z.strictObject({ garage: text }).optional(),
    settlement: z.strictObject({ amount: euros, franchise: euros }).optional(),
  })
  .strict()
  .superRefine((change, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (change.status === 'refused') need(Boolean(change.message), 'message', M.reason);
    need(
      (change.status === 'awaiting_documents') === Boolean(change.document),
      'document',
      M.document,
    );
    need(
      (change.status === 'expert_appointed') === Boolean(change.expertise),
      'expertise',
      M.expertise,
    );
    need((change.status === 'in_repair') === Boolean(change.repair), 'repair', M.repair);
    need((change.status === 'settled') === Boolean(change.settlement), 'settlement', M.settlement);
  });
export type StatusChange = z.output<typeof statusChangeSchema>;
export type StatusChangeInput = z.input<typeof statusChangeSchema>;

/** What a status carries besides its message, as kept in the timeline. */
export const statusDetailsSchema = z.object({
  document: z
    .object({ name: z.string(), files: z.number(), dueOn: z.string().optional() })
    .optional(),
  expertise: z.object({ date: z.string(), expert: z.string() }).optional(),
  repair: z.object({ garage: z.string() }).optional(),
  settlement: z.object({ amount: z.number(), franchise: z.number() }).optional(),
});
export type StatusDetails = z.infer<typeof statusDetailsSchema>;
