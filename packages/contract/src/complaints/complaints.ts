// Customer complaints, « Réclamation » (ACPR recommendation 2022-R-01, docs/product/complaints.md):
// the customer API's payloads and their French refusals, the short list of subjects, where a
// complaint was written from, and the answer's outcomes. The deadlines are in deadlines.ts.
import { z } from '../shared/zod';
import { safeMultilineString, safeString } from '../shared/safe-text';

/** What a complaint is about: the short list of the form. */
export const COMPLAINT_CATEGORY_LABELS = {
  contract: 'Contrat et garanties',
  claim: 'Sinistre et indemnisation',
  payment: 'Cotisations et prélèvements',
  termination: 'Résiliation',
  service: 'Qualité du service',
  personal_data: 'Données personnelles',
  other: 'Autre sujet',
} as const;
export type ComplaintCategory = keyof typeof COMPLAINT_CATEGORY_LABELS;
export const COMPLAINT_CATEGORIES = Object.keys(COMPLAINT_CATEGORY_LABELS) as [
  ComplaintCategory,
  ...ComplaintCategory[],
];

/** Where the customer wrote it from: the contact page, the legal pages, a request, a conversation. */
export const COMPLAINT_ORIGINS = ['contact', 'legal', 'request', 'conversation'] as const;
export type ComplaintOrigin = (typeof COMPLAINT_ORIGINS)[number];

/** The broker's answer: the customer's demand accepted, partly, or refused. */
export const COMPLAINT_OUTCOME_LABELS = {
  accepted: 'Réclamation acceptée',
  partly: 'Réclamation acceptée en partie',
  refused: 'Réclamation refusée',
} as const;
export type ComplaintOutcome = keyof typeof COMPLAINT_OUTCOME_LABELS;
export const COMPLAINT_OUTCOMES = Object.keys(COMPLAINT_OUTCOME_LABELS) as [
  ComplaintOutcome,
  ...ComplaintOutcome[],
];

export const COMPLAINT_TEXT_MAX = 5_000;
export const COMPLAINT_EXPECTATION_MAX = 2_000;
export const COMPLAINT_ANSWER_MAX = 8_000;
/** Files a complaint takes, one per upload. */
export const COMPLAINT_FILES_MAX = 5;
/** The parts of an attachment's multipart body, in this order: the reference, then the file. */
export const COMPLAINT_FORM_FIELDS = { reference: 'reference', file: 'file' } as const;

export const COMPLAINT_MESSAGES = {
  category: 'Choisissez l’objet de votre réclamation dans la liste.',
  textEmpty: 'Décrivez votre réclamation.',
  textTooLong: `Votre réclamation ne doit pas dépasser ${COMPLAINT_TEXT_MAX.toLocaleString('fr-FR')} caractères.`,
  expectationEmpty: 'Dites-nous ce que vous attendez de nous.',
  expectationTooLong: `Ce que vous attendez ne doit pas dépasser ${COMPLAINT_EXPECTATION_MAX.toLocaleString('fr-FR')} caractères.`,
  origin: 'Origine de la réclamation inconnue.',
  requestNotFound: 'Cette demande n’existe pas dans votre espace.',
  conversationNotFound: 'Cette conversation n’existe pas dans votre espace.',
  notFound: 'Réclamation introuvable.',
  tooManyFiles: `Une réclamation compte au plus ${COMPLAINT_FILES_MAX} pièces jointes.`,
  answered: 'Cette réclamation a reçu sa réponse\u00a0: elle ne prend plus de pièce jointe.',
  referenceMismatch: 'La référence envoyée n’est pas celle de la réclamation.',
  outcome: 'Choisissez l’issue de la réclamation\u00a0: acceptée, acceptée en partie ou refusée.',
  answerEmpty: 'Écrivez la réponse au client.',
  answerTooLong: `La réponse ne doit pas dépasser ${COMPLAINT_ANSWER_MAX.toLocaleString('fr-FR')} caractères.`,
  alreadyAnswered: 'Cette réclamation a déjà reçu sa réponse.',
  mediatorMissing:
    'Une réponse qui n’accepte pas entièrement la réclamation doit nommer le médiateur de l’assurance avec son adresse et dire au client qu’il peut le saisir\u00a0: gardez le paragraphe proposé.',
  answerNotReady: 'Cette réclamation n’a pas encore reçu de réponse.',
} as const;

/** A new complaint, as the portal's form sends it. */
export const newComplaintSchema = z
  .object({
    category: z.enum(COMPLAINT_CATEGORIES, { error: COMPLAINT_MESSAGES.category }),
    text: safeMultilineString()
      .trim()
      .min(1, COMPLAINT_MESSAGES.textEmpty)
      .max(COMPLAINT_TEXT_MAX, COMPLAINT_MESSAGES.textTooLong),
    expectation: safeMultilineString()
      .trim()
      .min(1, COMPLAINT_MESSAGES.expectationEmpty)
      .max(COMPLAINT_EXPECTATION_MAX, COMPLAINT_MESSAGES.expectationTooLong),
    origin: z.enum(COMPLAINT_ORIGINS, { error: COMPLAINT_MESSAGES.origin }).default('contact'),
    /** The request it is about (written from its page in 'Mes demandes'). */
    requestReference: safeString().trim().min(1).max(40).optional(),
    /** The conversation it was written from (« Messagerie »). */
    conversationId: z.uuid({ error: COMPLAINT_MESSAGES.conversationNotFound }).optional(),
  })
  .strict();
export type NewComplaint = z.input<typeof newComplaintSchema>;
export type NewComplaintParsed = z.output<typeof newComplaintSchema>;

export const complaintFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
});

/** A complaint as the customer and the broker read it. */
export const complaintSchema = z.object({
  reference: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  categoryLabel: z.string(),
  text: z.string(),
  expectation: z.string(),
  origin: z.enum(COMPLAINT_ORIGINS),
  requestReference: z.string().nullable(),
  receivedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgeBy: z.string().describe('Dernier jour pour l’accusé de réception (AAAA-MM-JJ)'),
  answerBy: z.string().describe('Dernier jour pour la réponse (AAAA-MM-JJ)'),
  answeredAt: z.string().nullable(),
  outcome: z.enum(COMPLAINT_OUTCOMES).nullable(),
  outcomeLabel: z.string().nullable(),
  answer: z.string().nullable(),
  /** The answer's PDF, once answered. */
  answerFileName: z.string().nullable(),
  files: z.array(complaintFileSchema),
});
export type Complaint = z.infer<typeof complaintSchema>;

/** What the form gets at once: the reference and the deadlines. */
export const complaintReceiptSchema = complaintSchema.pick({
  reference: true,
  receivedAt: true,
  acknowledgeBy: true,
  answerBy: true,
});
export type ComplaintReceipt = z.infer<typeof complaintReceiptSchema>;

/** The broker's answer (console). */
export const complaintAnswerSchema = z
  .object({
    outcome: z.enum(COMPLAINT_OUTCOMES, { error: COMPLAINT_MESSAGES.outcome }),
    text: safeMultilineString()
      .trim()
      .min(1, COMPLAINT_MESSAGES.answerEmpty)
      .max(COMPLAINT_ANSWER_MAX, COMPLAINT_MESSAGES.answerTooLong),
  })
  .strict();
export type ComplaintAnswer = z.infer<typeof complaintAnswerSchema>;
