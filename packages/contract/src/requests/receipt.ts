// What a request's write answers and how the customer reads it (docs/decisions/0046-
// request-reference-on-success.md, docs/decisions/0045-duplicate-requests.md): every write that
// records a request for the broker answers 200 `{ reference }`, the reference 'Mes demandes'
// shows; the success banner ends with it; the same request sent again while the first is still
// being handled is refused (409 `duplicate_request`) with the first one's reference.
import { z } from '../shared/zod';

export const requestReceiptSchema = z
  .object({
    reference: z
      .string()
      .describe('La référence de la demande, celle de «\u00a0Mes demandes\u00a0»'),
  })
  .describe('Demande enregistrée');
export type RequestReceipt = z.infer<typeof requestReceiptSchema>;

export const REQUEST_RECEIPT_MESSAGES = {
  /** The 409 `duplicate_request` message, with the reference of the request being handled. */
  duplicate: (reference: string) =>
    `Une demande identique est déjà en cours (réf.\u00a0${reference}).`,
  /** A success message, kept as it is, followed by the request's reference. */
  withReference: (message: string, reference: string) =>
    `${message.trim()} Référence de votre demande\u00a0: ${reference}.`,
} as const;
