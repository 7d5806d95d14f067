// The complaints in the staff console (docs/console.md « Réclamations »): the queue with each
// complaint's two deadlines and whether it is late, one complaint with its customer, and the
// mediator's paragraph the answer form starts from.
import { z } from '../shared/zod';
import { complaintSchema } from './complaints';

export const consoleComplaintRowSchema = z.object({
  reference: z.string(),
  categoryLabel: z.string(),
  customerName: z.string(),
  customerNumber: z.string(),
  receivedAt: z.string(),
  acknowledgeBy: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgementLate: z.boolean(),
  answerBy: z.string(),
  answeredAt: z.string().nullable(),
  answerLate: z.boolean(),
  outcomeLabel: z.string().nullable(),
});
export type ConsoleComplaintRow = z.infer<typeof consoleComplaintRowSchema>;

export const consoleComplaintListSchema = z.object({
  complaints: z.array(consoleComplaintRowSchema),
});
export type ConsoleComplaintList = z.infer<typeof consoleComplaintListSchema>;

export const consoleComplaintQuerySchema = z.object({
  /** `open` (default): not answered yet; `all`: the answered ones too. */
  show: z.enum(['open', 'all']).default('open'),
});

export const consoleComplaintSchema = complaintSchema.extend({
  customerName: z.string(),
  customerNumber: z.string(),
  acknowledgementLate: z.boolean(),
  answerLate: z.boolean(),
  /** What an answer that does not accept in full must say (the configured mediator). */
  mediatorParagraph: z.string(),
});
export type ConsoleComplaint = z.infer<typeof consoleComplaintSchema>;

/** The register's columns, in order (CSV for the annual reporting). */
export const COMPLAINT_REGISTER_COLUMNS = [
  'Référence',
  'Catégorie',
  'Date de réception',
  'Date de l’accusé de réception',
  'Délai accusé (jours)',
  'Date de la réponse',
  'Délai réponse (jours)',
  'Issue',
  'Accusé en retard',
  'Réponse en retard',
] as const;
