// The documents of a contract as the broker's systems send them: those the customer must still
// send (type, number of files, deadline; shown under 'Documents à fournir') and those the
// customer downloads (the broker's own PDFs: avis d'échéance, conditions particulières…).
import { z } from '../shared/zod';
import { DOCUMENT_STATUSES } from '../policies/policy-values';
import { optionalRecordText, recordDate, recordText, strictObject } from './fields';
import { INTEGRATION_MESSAGES as M } from './messages';

const fileCount = z
  .number({ error: M.fileCount })
  .int({ error: M.fileCount })
  .min(1, { error: M.fileCount })
  .max(10, { error: M.fileCount })
  .nullable()
  .optional()
  .default(null);

export const owedDocumentRecordSchema = strictObject({
  /** The document's type, e.g. 'permis' or 'carte-grise' (unique on a contract). */
  type: recordText(40),
  name: recordText(80),
  description: recordText(),
  status: z
    .enum(DOCUMENT_STATUSES, {
      error: M.status(DOCUMENT_STATUSES.map((s) => `«\u00a0${s}\u00a0»`).join(', ')),
    })
    .nullable()
    .optional()
    .default(null),
  canResend: z.boolean({ error: M.required }).optional().default(false),
  exactFileNumber: fileCount,
  maxFileNumber: fileCount,
  deadline: recordDate.nullable().optional().default(null),
});
export type OwedDocumentRecord = z.output<typeof owedDocumentRecordSchema>;
export type OwedDocumentRecordInput = z.input<typeof owedDocumentRecordSchema>;

/** The query string of a document upload: the bytes are the body (application/pdf). */
export const documentUploadQuerySchema = strictObject({
  /** The name the customer sees and downloads, e.g. 'Avis d’échéance 2027.pdf'. */
  fileName: recordText(120).refine((name) => name.toLowerCase().endsWith('.pdf'), {
    error: 'Le nom du fichier doit se terminer par .pdf.',
  }),
  /** The day the document is dated (shown in the list); today when absent. */
  issuedOn: recordDate.optional(),
  title: optionalRecordText(),
});
export type DocumentUploadQuery = z.output<typeof documentUploadQuerySchema>;
