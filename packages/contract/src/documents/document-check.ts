// A document the customer sent for checking (« En cours de vérification »), checked by the broker
// from the console or the integration API (docs/product/documents.md « Vérification par le
// courtier », docs/console.md « Documents »): « Validé », or « Non conforme » with the reason the
// customer reads under « Documents à fournir » and in the e-mail they receive.
import { z } from '../shared/zod';
import { safeMultilineString } from '../shared/safe-text';

export const DOCUMENT_CHECK_STATUSES = ['validated', 'rejected'] as const;
export type DocumentCheckStatus = (typeof DOCUMENT_CHECK_STATUSES)[number];
export const DOCUMENT_CHECK_REASON_MAX = 500;

const NBSP = '\u00a0';
const quoted = (text: string) => `«${NBSP}${text}${NBSP}»`;

export const DOCUMENT_CHECK_MESSAGES = {
  status: `Décision attendue${NBSP}: validated (Validé) ou rejected (Non conforme).`,
  reason: `Indiquez au client pourquoi le document n’est pas conforme (${DOCUMENT_CHECK_REASON_MAX} caractères au plus).`,
  reasonTooLong: `Le motif fait ${DOCUMENT_CHECK_REASON_MAX} caractères au plus.`,
  notFound: 'Ce document à fournir n’existe pas.',
  notReceived: (name: string, statusLabel: string) =>
    `Le document ${quoted(name)} est ${quoted(statusLabel)}${NBSP}: seul un document ${quoted('En cours de vérification')} se vérifie.`,
} as const;

/** What the customer reads before the reason under a document « Non conforme ». */
export const DOCUMENT_REASON_LEAD = `Motif${NBSP}: `;

/** The body of a check: the decision, and the reason of a refusal (required then). */
export const documentCheckSchema = z
  .object({
    status: z.enum(DOCUMENT_CHECK_STATUSES, { error: DOCUMENT_CHECK_MESSAGES.status }),
    reason: safeMultilineString({ error: DOCUMENT_CHECK_MESSAGES.reason })
      .trim()
      .max(DOCUMENT_CHECK_REASON_MAX, { error: DOCUMENT_CHECK_MESSAGES.reasonTooLong })
      .nullable()
      .optional()
      .describe('Le motif que lit le client (obligatoire pour «\u00a0rejected\u00a0»)'),
  })
  .superRefine((check, ctx) => {
    if (check.status === 'rejected' && !check.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: DOCUMENT_CHECK_MESSAGES.reason });
  });
export type DocumentCheck = z.output<typeof documentCheckSchema>;

/** What a check answers, and the data of its event `document.status_changed`. */
export const documentCheckResultSchema = z.object({
  customerNumber: z.string(),
  contractNumber: z.string(),
  documentId: z.string().nullable().describe('L’identifiant du document chez le courtier'),
  type: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_CHECK_STATUSES),
  statusLabel: z.string(),
  reason: z.string().nullable(),
  checkedAt: z.iso.datetime({ offset: true }),
  changed: z.boolean().describe('Faux quand le document avait déjà cette décision'),
});
export type DocumentCheckResult = z.infer<typeof documentCheckResultSchema>;

/** The customer's e-mail about the check (services/documents/document-check.ts). */
export const DOCUMENT_CHECK_MAIL_TEXTS = {
  subject: (brandName: string, name: string, statusLabel: string) =>
    `${brandName}${NBSP}: votre document ${quoted(name)} est ${quoted(statusLabel)}`,
  validated: (name: string, contractNumber: string) =>
    `Votre courtier a vérifié le document ${quoted(name)} de votre contrat ${contractNumber}${NBSP}: il est validé. Vous n’avez plus rien à faire pour ce document.`,
  rejected: (name: string, contractNumber: string) =>
    `Votre courtier a vérifié le document ${quoted(name)} de votre contrat ${contractNumber}${NBSP}: il n’est pas conforme.`,
  reasonLead: `La raison donnée par votre courtier${NBSP}:`,
  sendAgain: `Merci d’envoyer un nouveau document depuis votre Espace Assuré, écran ${quoted('Mes documents')}, onglet ${quoted('Documents à fournir')}.`,
  action: 'Voir mes documents à fournir',
  linkLead: `Vos documents à fournir dans votre Espace Assuré${NBSP}:`,
} as const;
